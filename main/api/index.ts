// The service client's public surface: one import for sync, outbox, files and the bridge.
export {
  createServiceClient,
  type ServiceClient,
  type ServiceClientOptions,
} from './service-client';
export { ServiceError, isServiceError, type ServiceErrorKind } from './service-error';
export {
  buildDispatcher,
  NetworkConfigError,
  proxySettingsFromEnv,
  readCaFile,
  type NetworkOptions,
} from './network-options';
export type { ClientTimeouts, CallOptions, DownloadResult, RetryEvent } from './call-spec';
export type { RetryOptions } from './retry-policy';
export type { OperationName } from './operations';
export type * from './request-types';
export type { AlertsApi } from './alerts';
export type { CustomersApi } from './customers';
export type { DocumentsApi } from './documents';
export type { KytApi } from './kyt';
export type { PressApi } from './press';
export type { AttachmentsApi, ThreadsApi } from './threads';
export * from './wire';
