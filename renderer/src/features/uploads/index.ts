// What other features use of uploads: they reach it through this file only.
export { FileDropTarget } from './FileDropTarget';
export { UploadActions } from './UploadActions';
export { UploadPanel } from './UploadPanel';
export { MAX_DISPLAY_NAME, fileTypeOf } from './upload-rules';
export { customerScope, documentsScope, useUploads } from './upload-store';
