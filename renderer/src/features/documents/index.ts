// What other features use of documents: they reach it through this file only.
export { CustomerDocuments } from './CustomerDocuments';
export { usePendingUploadCount } from './use-document-search';
