export { UnreadableScreen } from './UnreadableScreen';
