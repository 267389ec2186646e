// What other parts of the renderer use of relations: they reach it through this file only.
import './relations.css';
export { CustomerRelationsTab, useCustomerRelationCount } from './CustomerRelationsTab';
export { draftOf as relationDraftOf, type RelationForm } from './relation-draft';
