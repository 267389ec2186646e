import type { z } from 'zod';
import { contract, type BridgeError, type Result } from '../../preload/contract';
import { isServiceError, type ServiceError } from '../api';
import type { Logger } from '../lib/logger';
import { AppError } from '../lib/app-error';
import type { CallContext, Handlers } from './handlers';
import { redactSecrets, type SecretSource } from '../lib/redactor';
import { hideFolders } from '../lib/path-free-message';

export type Dispatch = (
  method: unknown,
  input: unknown,
  context: CallContext,
) => Promise<Result<unknown>>;

type LooseHandler = (input: unknown, context: CallContext) => unknown;

interface Route {
  schema: z.ZodType;
  handler: LooseHandler;
}

/**
 * The one door into main for both transports (Electron IPC and the browser host): looks the
 * method up in the contract, parses the input with its schema, runs the handler, and answers
 * with a Result envelope whose content never carries a secret.
 */
export function createDispatcher(options: {
  handlers: Handlers;
  secrets: SecretSource;
  logger: Logger;
  /**
   * Folders no error message names to the window (the data folder, the home folder): each
   * handler's messages name files by name, and this is the net under them.
   */
  privateFolders?: () => readonly string[];
}): Dispatch {
  const routes = new Map<string, Route>();
  for (const [domain, methods] of Object.entries(contract)) {
    const domainHandlers = options.handlers[domain as keyof Handlers] as Record<
      string,
      LooseHandler
    >;
    for (const [name, def] of Object.entries(methods as Record<string, { input: z.ZodType }>)) {
      const handler = domainHandlers[name];
      if (!handler) throw new Error(`No handler for bridge method ${domain}.${name}`);
      routes.set(`${domain}.${name}`, { schema: def.input, handler });
    }
  }

  return async (method, input, context) => {
    const reply = await run(method, input, context);
    return redactSecrets(withoutPrivateFolders(reply), options.secrets());
  };

  function withoutPrivateFolders(reply: Result<unknown>): Result<unknown> {
    const folders = options.privateFolders?.() ?? [];
    if (reply.ok || folders.length === 0) return reply;
    const hide = (text: string) => hideFolders(text, folders);
    const { fields } = reply.error;
    return fail(
      reply.error.code,
      hide(reply.error.message),
      fields &&
        Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, hide(text)])),
    );
  }

  async function run(
    method: unknown,
    input: unknown,
    context: CallContext,
  ): Promise<Result<unknown>> {
    const route = typeof method === 'string' ? routes.get(method) : undefined;
    if (!route) {
      return fail('unknown_method', `CaseDesk has no bridge method ${describeMethod(method)}.`);
    }
    const parsed = route.schema.safeParse(input);
    if (!parsed.success) {
      return fail(
        'invalid_input',
        // The method's name stays in the log; the person reading this gets the problem only.
        `CaseDesk could not accept this request: ${formatIssues(parsed.error.issues)}`,
        fieldMessages(parsed.error.issues),
      );
    }
    try {
      return { ok: true, value: await route.handler(parsed.data, context) };
    } catch (error) {
      if (error instanceof AppError) return fail(error.code, error.message, error.fields);
      if (isServiceError(error)) {
        options.logger.warn(`bridge ${String(method)}: ${error.message}`);
        return fail(serviceFailureCode(error), error.message);
      }
      options.logger.error(`bridge ${String(method)} failed`, error);
      return fail(
        'internal',
        'Something went wrong inside CaseDesk, so this could not be done. Details are in the log.',
      );
    }
  }
}

/**
 * A failure of a call to the service, said as the investigator can act on it (the client's own
 * sentence, which names what could not be done and why): one the service may get over (offline,
 * a timeout, a refused token, a busy service) is "unavailable", so the screen says what still
 * works offline; a lost answer is "outcome_unknown"; any other keeps the sentence instead of
 * passing as CaseDesk's own fault.
 */
function serviceFailureCode(error: ServiceError): BridgeError['code'] {
  if (error.outcomeUnknown) return 'outcome_unknown';
  return error.retryable || ['network', 'timeout', 'auth'].includes(error.kind)
    ? 'unavailable'
    : 'internal';
}

function fail(
  code: BridgeError['code'],
  message: string,
  fields?: Record<string, string>,
): Result<never> {
  return {
    ok: false,
    error: fields && Object.keys(fields).length ? { code, message, fields } : { code, message },
  };
}

/**
 * The first problem of each top-level field, keyed by the field's name; a problem inside a field
 * also under its whole path (`transaction.from.device.country`, `items.2.name`), so a form of
 * nested fields can say it beside the very field.
 */
function fieldMessages(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const keep = (key: string, message: string) => {
    if (!(key in fields)) fields[key] = message;
  };
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key !== 'string') continue;
    keep(key, issue.message);
    if (issue.path.length > 1) keep(issue.path.map(String).join('.'), issue.message);
  }
  return fields;
}

function describeMethod(method: unknown): string {
  if (typeof method !== 'string') return `of type ${method === null ? 'null' : typeof method}`;
  return JSON.stringify(method.length > 80 ? `${method.slice(0, 80)}…` : method);
}

export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) =>
      issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}
