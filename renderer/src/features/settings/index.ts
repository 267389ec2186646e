// What other features use of settings: they reach it through this file only.
export { FileSettings } from './FileSettings';
export { chooseFolderWithPicker, hasFolderPicker } from './folder-picker';
