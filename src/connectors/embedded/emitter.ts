/**
 * The embedded wallet's emitter: how its login, account-type, network and approval code tells
 * core what happened (one emitter for the one connector, shared by its modules).
 * @internal
 */
import { createConnectorEmitter } from '../../core/connector'

export const emitter = createConnectorEmitter()
