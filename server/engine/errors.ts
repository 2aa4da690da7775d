/** The engine's rule error is the protocol's (server/protocol/rules/rule-error.ts): rules the browser previews throw it too. */
export { EngineError } from '../protocol/rules/rule-error.js';
