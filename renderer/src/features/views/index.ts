// What other features use of views: they reach it through this file only.
export { SavedViews } from './SavedViews';
