// What the KYT screen uses of batch imports: it reaches them through this file only.
export { KytBatchPanel } from './KytBatchPanel';
