/**
 * `idParams` (`:id` in a path: any short string goes to the service, which answers 404 for
 * one that names nothing) and `errorAnswers` (the `{ error, message }` answer under each
 * status) are the contract's, for routes whose schemas are still declared in their files.
 */
export { errorAnswers, idParams } from '@chamber/contract';
