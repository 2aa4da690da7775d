import { css } from 'lit';

export default css`
  :host {
    display: block;
  }
  .tools {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin-bottom: 10px;
  }
  .tables {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
    gap: 10px;
  }
  .table {
    padding: 10px 12px 12px;
    border-radius: 16px;
    background: var(--riffle-surface);
    border: 1px solid var(--riffle-line);
  }
  .table.halted {
    border-color: var(--riffle-danger);
  }
  .head {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    margin-bottom: 8px;
  }
  .head strong {
    font-size: 18px;
  }
  .head span {
    color: var(--riffle-muted);
    font-size: 14px;
  }
  .seats {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 6px;
  }
  button {
    min-height: 44px;
    border-radius: 12px;
    border: 1px solid var(--riffle-line);
    background: var(--riffle-surface-2);
    color: var(--riffle-text);
    font: 600 15px var(--riffle-font);
    padding: 0 12px;
  }
  .seat {
    display: flex;
    align-items: center;
    gap: 6px;
    text-align: left;
    padding: 0 8px;
    overflow: hidden;
  }
  .seat .no {
    color: var(--riffle-muted);
    font-size: 13px;
    min-width: 2.2em;
  }
  .seat .who {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    flex: 1;
  }
  .seat.empty .who,
  .seat.off .who {
    color: var(--riffle-muted);
    font-weight: 400;
  }
  .seat.waiting .who {
    font-style: italic;
  }
  .seat.marked {
    border: 2px solid var(--riffle-danger);
    background: color-mix(in srgb, var(--riffle-danger) 22%, var(--riffle-surface-2));
  }
  .seat.marked .who {
    text-decoration: line-through;
  }
  .tables.marking .seat:disabled {
    opacity: 0.45;
  }
  /* Marking a hand's busts: room to scroll every seat above the bust sheet (at most half the screen). */
  .tables.marking {
    padding-bottom: 50dvh;
  }
  .mark {
    font-size: 11px;
    font-weight: 800;
    border-radius: 6px;
    padding: 1px 5px;
    background: var(--riffle-line);
  }
  .mark.btn {
    background: var(--riffle-text);
    color: var(--riffle-bg);
  }
  .waiting-list {
    color: var(--riffle-paused);
    margin: 0 0 10px;
  }
  .sheet {
    position: fixed;
    inset: auto 0 0 0;
    z-index: 20;
    padding: 16px 16px calc(16px + env(safe-area-inset-bottom));
    background: var(--riffle-surface);
    border-top: 1px solid var(--riffle-line);
    border-radius: 18px 18px 0 0;
    display: grid;
    gap: 10px;
    box-shadow: 0 -8px 30px rgb(0 0 0 / 0.5);
  }
  .sheet h3 {
    margin: 0;
    font-size: 18px;
  }
  .row {
    display: flex;
    gap: 8px;
  }
  .row > * {
    flex: 1;
  }
  select {
    min-height: 44px;
    border-radius: 12px;
    border: 1px solid var(--riffle-line);
    background: var(--riffle-surface-2);
    color: var(--riffle-text);
    font: 600 15px var(--riffle-font);
    padding: 0 8px;
  }
  .danger {
    background: var(--riffle-danger);
    border-color: var(--riffle-danger);
    color: #0b0f17;
  }
  .muted {
    color: var(--riffle-muted);
  }
`;
