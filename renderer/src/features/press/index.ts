// What other parts of the renderer use of press reports: they reach it through this file only.
import './press.css';
export { PressScreen } from './PressScreen';
export { ReportScreen as PressReportScreen } from './ReportScreen';
export { CompareScreen as PressCompareScreen } from './CompareScreen';
export { CustomerPressTab } from './CustomerPressTab';
