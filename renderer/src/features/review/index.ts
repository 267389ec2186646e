export { ReceivedReviews } from './ReceivedReviews';
export { ReviewPanel } from './ReviewPanel';
