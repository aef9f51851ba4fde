/** The app's routes: one list with the server, which answers exactly these (see the contract). */
export { paths } from '@chamber/contract/paths';
