// What other parts of the renderer use of customers: they reach it through this file only.
export { CustomerFields, FormField } from './CustomerFields';
export { FieldProblems, type ShownProblem } from './FieldProblems';
export {
  customFieldRows,
  customFieldsText,
  draftOfForm,
  formOfDraft,
  problemsByField,
  type CustomerFormValues,
} from './customer-form';
