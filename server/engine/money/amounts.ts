/** Shared with the browser: see server/protocol/rules/amounts.ts. */
export * from '../../protocol/rules/amounts.js';
