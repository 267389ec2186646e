export * from './alert';
export * from './customer';
export * from './document';
export * from './error-body';
export * from './kyt';
export * from './press';
export * from './thread';
export { parseWire, summariseProblems, type WireParse } from './parse';
export { readRecords, type ReadRecords, type RefusedRecord, type WithRefused } from './records';
