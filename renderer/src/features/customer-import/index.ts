// What other parts of the renderer use of the customer import: they reach it through this file only.
export { CustomerImportScreen } from './CustomerImportScreen';
