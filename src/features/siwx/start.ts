/**
 * Importing this turns sign-in on for the page: `createAppKit` imports it when the `siwx` option
 * is set. A module of its own so the page-load code only names a chunk (no call to make).
 */
import { startSignIn } from './sign-in'

startSignIn()
