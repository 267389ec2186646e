// What other features use of sync: they reach it through this file only.
export { useSync } from './store';
