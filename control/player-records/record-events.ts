/**
 * What a player record's screen tells the list it sits in: back to the list, with a message to
 * show (saved elsewhere, erased, merged), and the record to open next (the one a merge kept).
 */
export interface RecordDone {
  message?: string;
  open?: string;
}

export type RecordDoneEvent = CustomEvent<RecordDone>;

export function fireRecordDone(from: HTMLElement, detail: RecordDone): void {
  from.dispatchEvent(new CustomEvent('riffle-record-done', { detail, bubbles: true, composed: true }));
}

declare global {
  interface HTMLElementEventMap {
    'riffle-record-done': RecordDoneEvent;
  }
}
