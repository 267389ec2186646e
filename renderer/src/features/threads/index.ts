// What other features use of threads: they reach it through this file only.
import './threads.css';
export { ThreadTable } from './ThreadTable';
export { useExternalLinks } from './external-link';
