// What other parts of the renderer use of KYT transactions: they reach it through this file only.
import './kyt.css';
export { KytScreen } from './KytScreen';
export { SubmitScreen as KytSubmitScreen } from './SubmitScreen';
export { SubmissionScreen as KytSubmissionScreen } from './SubmissionScreen';
export { CompareScreen as KytCompareScreen } from './CompareScreen';
export { CustomerKytTab, useCustomerKytCount } from './CustomerKytTab';
