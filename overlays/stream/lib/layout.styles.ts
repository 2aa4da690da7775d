import { css } from 'lit';

/**
 * The grid every stream overlay is laid out on (docs/OVERLAYS.md "Layout"): one 1920×1080 stage,
 * television's safe areas, and a named slot for each graphic, so that the overlays of one
 * documented scene (final table, feature table, break) never cover one another.
 *
 * Title-safe is 5% of each side (96 px × 54 px on the stage, so at any resolution once the
 * stage is scaled); every text box sits inside it. Action-safe (3.5%: 67 × 38) is the line no
 * box edge crosses either. The slots, top to bottom (stage pixels):
 *
 *   top band      54-166   clock (left, at most --riffle-clock-max-width)     alerts (right, to 306)
 *   under clock  182-322   player clock (left)
 *   middle       338-714   leaderboard (left column)   payouts (right)   lower third (left, bottom at 714)
 *   plates       730-946   table plates (bottom at 946)
 *   ticker       962-1026  ticker
 *
 * Each slot is a custom property, so a streamer can move a graphic without knowing the others.
 */
export const layoutStyles = css`
  :host {
    --riffle-safe-x: 96px;
    --riffle-safe-y: 54px;
    --riffle-action-safe-x: 67px;
    --riffle-action-safe-y: 38px;
    --riffle-gap: 16px;
    --riffle-column-width: 840px;
    --riffle-right-width: 680px;
    --riffle-clock-top: 54px;
    --riffle-clock-height: 112px;
    --riffle-clock-max-width: 1032px;
    --riffle-alert-top: 54px;
    --riffle-alert-width: 680px;
    --riffle-alert-max-height: 252px;
    --riffle-player-clock-top: 182px;
    --riffle-player-clock-width: 840px;
    --riffle-middle-top: 338px;
    --riffle-middle-bottom: 714px;
    --riffle-lower-third-max-width: 992px;
    --riffle-plates-bottom: 946px;
    --riffle-plates-max-height: 216px;
    --riffle-ticker-bottom: 54px;
  }
`;

/**
 * A name on at most two lines, broken anywhere if it must (the plates, the elimination graphic,
 * the player clock): CEF 103 has no `line-clamp`, so the -webkit- box that every Chromium reads.
 */
export const twoLines = css`
  overflow: hidden;
  overflow-wrap: anywhere;
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
`;

/**
 * A fitted name (lib/fit-name.ts): one line (`nowrap`) unless the element says `data-lines="2"`,
 * where it breaks at its spaces and hyphens only (a word is never split) within two line heights.
 * The line height holds the glyphs' ink, which reaches past the face's declared ascent and
 * descent (Barlow Condensed: the ring of "Å" 0.03 em above, "g" and "ö"'s line 0.03 em below, of
 * its 1.2 em), so a descender of the second line ("Castiglione") is never clipped. Cut (`data-fit="cut"`): an ellipsis.
 */
export const fittedNames = css`
  [data-full] {
    overflow: hidden;
    white-space: nowrap;
    line-height: 1.3;
  }
  [data-full][data-lines='2'] {
    white-space: normal;
    overflow-wrap: normal;
    max-height: 2.6em;
  }
  [data-full][data-fit='cut'] {
    text-overflow: ellipsis;
  }
  [data-full][data-lines='2'][data-fit='cut'] {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow-wrap: anywhere;
  }
`;
