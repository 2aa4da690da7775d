/** Shared with the browser: see server/protocol/rules/places.ts. */
export * from '../../protocol/rules/places.js';
