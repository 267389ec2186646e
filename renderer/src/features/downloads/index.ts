// What other features use of downloads: they reach it through this file only.
export { DownloadButton } from './DownloadButton';
