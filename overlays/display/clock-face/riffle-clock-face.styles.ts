import { css } from 'lit';

/**
 * Sized in `--u`: 1 % of the height of the largest 16:9 box that fits the screen, so the layout
 * is the same on any TV (and letterboxes rather than overflows on other shapes).
 * On a 55" TV 1u is about 7 mm: the countdown is about 20 cm tall, the blinds 8 cm.
 */
export default css`
  :host {
    display: block;
    height: 100%;
    --u: min(1vh, 0.5625vw);
  }
  .frame {
    box-sizing: border-box;
    height: 100%;
    max-width: calc(177.78 * var(--u));
    margin: 0 auto;
    padding: calc(2.4 * var(--u)) calc(3 * var(--u)) calc(3 * var(--u));
    display: grid;
    grid-template-rows: auto 1fr auto;
    /* minmax(0, …): a long name or big blinds shrink with ellipsis instead of widening the page. */
    grid-template-columns: minmax(0, 1fr);
    row-gap: calc(1.5 * var(--u));
  }
  header {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: calc(2 * var(--u));
    /* Room for the corner badges on both sides. */
    padding: 0 calc(30 * var(--u)) calc(1.6 * var(--u));
    border-bottom: calc(0.25 * var(--u)) solid var(--riffle-line);
  }
  .name {
    min-width: 0;
    margin: 0;
    font-size: calc(4.4 * var(--u));
    font-weight: 800;
    letter-spacing: 0.08em;
    text-transform: uppercase;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  /*
   * The stage between the aside cards, when there are any (the table-moves board left, the payout
   * ladder right): the cards sit inside the 16:9 frame, flush with the header rule and the tiles,
   * and the stage centres in the width that is left, so nothing of the clock runs under a card.
   * The gap is the stage column's margin, not a flex gap, so an empty card takes no room at all.
   */
  .middle {
    min-height: 0;
    display: flex;
  }
  ::slotted([slot='aside']),
  ::slotted([slot='aside-start']) {
    flex: none;
    align-self: center;
  }
  /* The stage, then the notices (the field banner) centred under it, just above the tiles. */
  .column {
    flex: 1;
    min-width: 0;
    margin: 0 calc(3 * var(--u));
    display: flex;
    flex-direction: column;
  }
  ::slotted([slot='notices']),
  ::slotted([slot='alerts']) {
    flex: none;
  }
  .stage {
    flex: 1 1 0;
    min-width: 0;
    min-height: 0;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    text-align: center;
    --state: var(--riffle-accent);
  }
  .stage.break {
    --state: var(--riffle-break);
  }
  /*
   * The stage's content scales down, all of it alike, when the stage is smaller than it: about
   * 67u tall (level, countdown, progress, blinds and ante; the stage is 68u on a 16:9 screen, less
   * when notices take their line under it) and up to 124u wide ("1:30:00", "100,000 / 200,000";
   * the stage is 132u beside the ladder, less with the table moves too). Descendants resolve the
   * container units against the stage. Without them (older TV browsers) nothing scales.
   */
  @supports (height: 1cqh) {
    .stage {
      container-type: size;
      --u: min(1vh, 0.5625vw, calc(100cqh / 67), calc(100cqw / 124));
    }
  }
  .level {
    font-size: calc(8 * var(--u));
    font-weight: 900;
    letter-spacing: 0.1em;
    text-transform: uppercase;
    line-height: 1;
    color: var(--state);
  }
  .status-row {
    align-self: stretch;
    height: calc(6 * var(--u));
    margin: calc(1.8 * var(--u)) 0 calc(2.2 * var(--u));
    display: flex;
    align-items: center;
    justify-content: center;
  }
  .pill {
    display: inline-flex;
    align-items: center;
    gap: calc(1 * var(--u));
    font-size: calc(3.6 * var(--u));
    font-weight: 800;
    letter-spacing: 0.12em;
    text-transform: uppercase;
    padding: calc(0.7 * var(--u)) calc(2.2 * var(--u));
    border-radius: calc(10 * var(--u));
    border: calc(0.35 * var(--u)) solid currentColor;
    line-height: 1;
  }
  .pill.paused {
    color: var(--riffle-paused);
    background: color-mix(in srgb, var(--riffle-paused) 14%, transparent);
    animation: pulse 2s ease-in-out infinite;
  }
  .pill.idle {
    color: var(--riffle-accent);
  }
  .pill.ended {
    color: var(--riffle-danger);
    background: color-mix(in srgb, var(--riffle-danger) 14%, transparent);
  }
  .pause-icon {
    width: calc(2.4 * var(--u));
    height: calc(2.4 * var(--u));
    fill: currentColor;
  }
  .countdown {
    margin-top: calc(1 * var(--u));
    font-size: calc(29 * var(--u));
    font-weight: 700;
    line-height: 0.92;
    letter-spacing: -0.01em;
    font-variant-numeric: tabular-nums lining-nums;
    font-feature-settings: 'tnum' 1, 'lnum' 1;
    color: var(--riffle-text);
    white-space: nowrap;
  }
  .stage.warning .countdown {
    color: var(--riffle-danger);
  }
  .stage.paused .countdown {
    color: var(--riffle-paused);
  }
  .stage.ended .countdown,
  .stage.idle .countdown {
    color: var(--riffle-muted);
  }
  .progress {
    width: min(calc(120 * var(--u)), 100%);
    height: calc(1 * var(--u));
    border-radius: var(--u);
    background: var(--riffle-surface-2);
    overflow: hidden;
  }
  .bar {
    height: 100%;
    width: 100%;
    transform-origin: left center;
    background: var(--state);
  }
  .stage.warning .bar {
    background: var(--riffle-danger);
  }
  .stage.paused .bar {
    background: var(--riffle-paused);
  }
  .blinds {
    font-size: calc(12.5 * var(--u));
    font-weight: 800;
    line-height: 1;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .ante {
    margin-top: calc(1.2 * var(--u));
    font-size: calc(5.6 * var(--u));
    font-weight: 700;
    letter-spacing: 0.05em;
    color: var(--riffle-muted);
    min-height: 1.1em;
    white-space: nowrap;
  }
  /* Never wider than the stage: a line too long even at the smaller sizes wraps, it is not cut. */
  .after-break {
    max-width: 100%;
    font-size: calc(6 * var(--u));
    font-weight: 700;
    line-height: 1.1;
    text-wrap: balance;
  }
  .after-break.long {
    font-size: calc(4.8 * var(--u));
  }
  .after-break.longer {
    font-size: calc(4 * var(--u));
  }
  .color-up {
    box-sizing: border-box;
    max-width: 100%;
    text-wrap: balance;
    margin-top: calc(1.6 * var(--u));
    padding: calc(1 * var(--u)) calc(2.6 * var(--u));
    border-radius: calc(1.2 * var(--u));
    font-size: calc(4.2 * var(--u));
    font-weight: 800;
    color: #111;
    background: var(--riffle-paused);
  }
  .color-up.long {
    font-size: calc(3.4 * var(--u));
  }
  .color-up.longer {
    font-size: calc(2.8 * var(--u));
  }
  footer {
    display: grid;
    grid-template-columns: minmax(0, 1.7fr) minmax(0, 1.2fr) minmax(0, 1fr) minmax(0, 0.9fr) minmax(0, 1.1fr) minmax(0, 1.3fr);
    gap: calc(1 * var(--u));
  }
  .tile {
    min-width: 0;
    /* The label sizes itself to the tile's width (below). */
    container-type: inline-size;
    padding: calc(1.6 * var(--u)) calc(1.4 * var(--u)) calc(1.8 * var(--u));
    border-radius: calc(1.4 * var(--u));
    background: var(--riffle-surface);
    border: calc(0.2 * var(--u)) solid var(--riffle-line);
  }
  .tile.next {
    border-color: color-mix(in srgb, var(--riffle-accent) 45%, var(--riffle-line));
  }
  /*
   * A long word ("TILMELDINGER", "INSCHRIJVINGEN") gets smaller rather than cut: the label's
   * --chars (its length, set by the component) against the tile's width, at most the full size.
   * About 0.85em a bold capital with its spacing.
   */
  .label {
    font-size: min(calc(2.2 * var(--u)), calc(100cqi / (var(--chars, 8) * 0.85)));
    /* The full size's line whatever the size: the values stay level across the tiles. */
    height: calc(2.7 * var(--u));
    line-height: calc(2.7 * var(--u));
    font-weight: 800;
    letter-spacing: 0.07em;
    text-transform: uppercase;
    color: var(--riffle-muted);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .value {
    margin-top: calc(0.6 * var(--u));
    font-size: calc(5.6 * var(--u));
    font-weight: 800;
    line-height: 1.1;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  /* Late in a deep structure ("25,000 / 50,000") the blinds still fit the tile. */
  .value.long {
    font-size: calc(4.4 * var(--u));
    line-height: 1.4;
  }
  .value.longer {
    font-size: calc(3.8 * var(--u));
    line-height: 1.62;
  }
  .value.empty {
    color: var(--riffle-muted);
  }
  /* The line under the value whole in every language ("Keine Pausen mehr", "+ €1,084.20 bounties"): smaller rather than cut. */
  .sub {
    margin-top: calc(0.4 * var(--u));
    font-size: min(calc(2.6 * var(--u)), calc(100cqi / (var(--sub-chars, 10) * 0.68)));
    font-weight: 600;
    color: var(--riffle-muted);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    min-height: 1.2em;
  }
  @keyframes pulse {
    50% {
      opacity: 0.55;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .pill.paused {
      animation: none;
    }
  }
`;
