/**
 * The OBS bridge: Riffle runs each tournament's OBS from the tournament's own events (issue:
 * OBS bridge). One `ObsLink` per tournament whose TD entered an OBS address; the automation
 * rules live in the tournament state (`obs.rules.set`), so they are audited and replayed.
 *
 * Rules fire on the stream's delayed feed (what the stream shows goes with its pictures) unless
 * marked `live`. OBS is never waited for: a change only queues actions on the link. When OBS
 * comes back (after every reconnect), the bridge re-applies the current state (the scene of the
 * phase the tournament is in, every text source) instead of replaying what it missed. A manual
 * action is the one thing waited for: its answer is OBS's (docs/OBS.md "When OBS does not answer").
 */
import type { Logger } from 'pino';
import type { ObsSettingsStore } from './settings.js';
import type { Registry } from '../host/registry.js';
import type { Change, TournamentHost } from '../host/tournament-host.js';
import { streamOf } from '../engine/stream/state.js';
import type { TimeSource } from '../time.js';
import type { ObsAction, ObsRule, ObsStatusView, ObsTrigger } from '../protocol/obs.js';
import type { Topic, WireViews } from '../protocol/views.js';
import { ObsLink, OBS_TIMING, type ObsTiming } from './link.js';
import { ObsRequestError, type ObsSession } from './session.js';
import { renderTemplate, type TemplateContext } from './template.js';
import { ProgramIntent } from './program-intent.js';

type Feed = 'live' | 'delayed';

interface Fired {
  trigger: ObsTrigger;
  context: Partial<TemplateContext>;
}

/** At most this many names in a refusal (OBS may have hundreds of sources). */
const NAMES_MAX = 100;

function listed(names: readonly string[]): string {
  if (names.length === 0) return 'none';
  const shown = names.slice(0, 20).map((n) => `'${n}'`).join(', ');
  return names.length > 20 ? `${shown} and ${names.length - 20} more` : shown;
}

const OFF: ObsStatusView = { state: 'off', url: null, scenes: [], studioMode: false, problems: [] };

export class ObsBridge {
  private readonly links = new Map<string, ObsLink>();
  /** The inputs (sources) OBS has, per tournament, read at connect: for the rule problems. */
  private readonly inputs = new Map<string, string[]>();
  /** The scene transitions OBS has, per tournament, read at connect: a manual cut naming another is refused. */
  private readonly transitions = new Map<string, string[]>();
  /** The structure item each feed last showed, per tournament: a level change knows where from. */
  private readonly lastIndex = new Map<string, number>();
  private readonly lastPlayersLeft = new Map<string, number>();
  private readonly breakTimers = new Map<string, () => void>();
  private closed = false;

  /** The scene the program should show after a reconnect, and who chose it (program-intent.ts). */
  private readonly program = new ProgramIntent();

  constructor(
    private readonly registry: Registry,
    /** Where each tournament's OBS address and password are kept (settings.ts). */
    private readonly settings: ObsSettingsStore,
    private readonly time: TimeSource,
    private readonly log: Logger,
    private readonly onStatus: (tournament: string, status: ObsStatusView) => void,
    private readonly timing: ObsTiming = OBS_TIMING,
  ) {}

  /** Connects every tournament whose OBS settings are stored. */
  start(): void {
    for (const host of this.registry.list()) {
      const stored = this.settingsOf(host.id);
      if (stored) this.connect(host.id, stored.url, stored.password);
    }
  }

  close(): void {
    this.closed = true;
    for (const link of this.links.values()) link.close();
    this.links.clear();
    for (const cancel of this.breakTimers.values()) cancel();
    this.breakTimers.clear();
  }

  status(tournament: string): ObsStatusView {
    const link = this.links.get(tournament);
    return link ? { ...link.status, problems: this.problems(tournament, link.status) } : OFF;
  }

  /** The link of a tournament (tests read its attempts). */
  link(tournament: string): ObsLink | undefined {
    return this.links.get(tournament);
  }

  /**
   * A tournament this host took over (PostgreSQL: server.ts): connects to its OBS when its
   * settings are stored and no link is open yet.
   */
  adopt(tournament: string): void {
    if (this.closed || this.links.has(tournament) || !this.registry.get(tournament)) return;
    const stored = this.settingsOf(tournament);
    if (stored) this.connect(tournament, stored.url, stored.password);
  }

  /** Stores the address and password (never sent back, never logged) and connects anew. */
  async configure(tournament: string, url: string, password: string): Promise<void> {
    await this.settings.set(tournament, { url, password });
    this.connect(tournament, url, password);
  }

  async forget(tournament: string): Promise<void> {
    await this.settings.remove(tournament);
    this.program.forget(tournament);
    this.links.get(tournament)?.close();
    this.links.delete(tournament);
    this.onStatus(tournament, OFF);
  }

  /**
   * Manual control from the phone: runs at once (not delayed), in turn with the rules' actions,
   * and settles when OBS confirmed it; otherwise rejects with an ObsRequestError (its code and
   * the message the phone shows).
   */
  async manual(tournament: string, action: ObsAction, transitionName?: string): Promise<void> {
    const link = this.links.get(tournament);
    if (!link || link.status.state !== 'connected') throw new ObsRequestError('obs-not-connected', 'OBS is not connected; check the status light and the address.');
    this.checkNames(tournament, link.status, action, transitionName);
    await link.run(async (obs) => {
      // A cut with a named transition (the manual route's `{transition}`): that transition first.
      if ('transition' in action && transitionName !== undefined) await obs.call('SetCurrentSceneTransition', { transitionName });
      await this.perform(obs, tournament, action, {});
    });
    if ('scene' in action) this.program.choose(tournament, action.scene, 'producer');
  }

  /**
   * A manual action naming a scene or source OBS does not have is refused at once, with the names
   * OBS has (issue 24: a Stream Deck button with a typo reported success), and nothing is sent.
   * The names are OBS's as read at connect and kept by its events (link.ts, onConnected).
   */
  private checkNames(tournament: string, status: ObsStatusView, action: ObsAction, transitionName?: string): void {
    const scene = 'scene' in action ? action.scene : 'show' in action ? action.show.scene : 'hide' in action ? action.hide.scene : undefined;
    if (scene !== undefined && !status.scenes.includes(scene)) {
      throw new ObsRequestError('obs-unknown-scene', `OBS has no scene '${scene.slice(0, 60)}'; its scenes: ${listed(status.scenes)}.`, status.scenes.slice(0, NAMES_MAX));
    }
    const transitions = this.transitions.get(tournament);
    if (transitionName !== undefined && transitions && !transitions.includes(transitionName)) {
      throw new ObsRequestError('obs-unknown-transition', `OBS has no transition '${transitionName.slice(0, 60)}'; its transitions: ${listed(transitions)}.`, transitions.slice(0, NAMES_MAX));
    }
    const target = 'show' in action ? action.show : 'hide' in action ? action.hide : null;
    const inputs = this.inputs.get(tournament);
    // A scene is a source too (a nested scene); until OBS's inputs are read, OBS itself answers.
    if (target && inputs && !inputs.includes(target.source) && !status.scenes.includes(target.source)) {
      throw new ObsRequestError('obs-unknown-source', `OBS has no source '${target.source.slice(0, 60)}'; its sources: ${listed(inputs)}.`, inputs.slice(0, NAMES_MAX));
    }
  }

  /** A committed change (live) or its release on the stream's delayed feed. */
  onChange(change: Change): void {
    if (this.closed) return;
    const host = this.registry.get(change.tournament);
    // No OBS for this tournament: nothing to work out (connecting later starts from the state then).
    if (!host || !this.links.has(host.id)) return;
    const feed: Feed = change.feed;
    const fired = this.triggers(host, change, feed);
    this.armBreakEnding(host, feed);
    if (change.ops.some((op) => op.topic === 'stream')) this.publish(host.id);
    const link = this.links.get(host.id);
    if (!link || fired.length === 0) return;
    const rules = streamOf(host.state).obsRules ?? [];
    for (const { trigger, context } of fired) {
      for (const rule of rules) {
        if (rule.when !== trigger || (rule.live === true) !== (feed === 'live')) continue;
        if (rule.when === 'entry.busted' && rule.inTheMoney && !((context.prizeCents ?? 0) > 0)) continue;
        this.runRule(host, link, rule, feed, context);
      }
    }
  }

  // ---- triggers

  private view<T extends Topic>(host: TournamentHost, feed: Feed, topic: T): WireViews[T] {
    return feed === 'live' ? host.view(topic) : host.delayed.view(topic);
  }

  private remember(host: TournamentHost, feed: Feed): void {
    this.lastIndex.set(`${host.id}:${feed}`, this.view(host, feed, 'clock').current.index);
    this.lastPlayersLeft.set(`${host.id}:${feed}`, this.view(host, feed, 'field').playersLeft);
  }

  private triggers(host: TournamentHost, change: Change, feed: Feed): Fired[] {
    const key = `${host.id}:${feed}`;
    const fired: Fired[] = [];
    const items = this.view(host, feed, 'structure').items;
    let bubbleFired = false;
    for (const e of change.events) {
      switch (e.type) {
        case 'level.changed': {
          const item = items[e.index];
          const before = items[this.lastIndex.get(key) ?? e.index - 1];
          this.lastIndex.set(key, e.index);
          if (!item) break;
          if (item.break) fired.push({ trigger: 'break.started', context: {} });
          else {
            if (before?.break) fired.push({ trigger: 'break.ended', context: {} });
            fired.push({ trigger: 'level.started', context: {} });
          }
          break;
        }
        case 'handForHand.started':
          fired.push({ trigger: 'handForHand.started', context: {} });
          break;
        case 'handForHand.stopped':
          fired.push({ trigger: 'handForHand.stopped', context: {} });
          if (e.reason === 'bubble') {
            fired.push({ trigger: 'bubble.burst', context: {} });
            bubbleFired = true;
          }
          break;
        case 'finalTable.formed':
          fired.push({ trigger: 'finalTable.formed', context: {} });
          break;
        case 'entry.busted':
          fired.push({
            trigger: 'entry.busted',
            context: {
              name: e.name,
              place: e.place === e.placeTo ? String(e.place) : `${e.place}-${e.placeTo}`,
              prizeCents: e.prize,
              ...(e.eliminators ? { bountyCents: e.eliminators.reduce((sum, x) => sum + x.bounty, 0) } : {}),
            },
          });
          break;
        case 'tournament.won':
          fired.push({ trigger: 'tournament.won', context: { name: e.name, place: '1', prizeCents: e.prize, ...championBounty(this.view(host, feed, 'players').entries.find((x) => x.id === e.entryId)) } });
          break;
        case 'playerClock.started':
          fired.push({ trigger: 'playerClock.started', context: { name: e.name ?? '' } });
          break;
        default:
          break;
      }
    }
    // The bubble bursts when the field reaches the places paid (with or without hand-for-hand).
    const field = this.view(host, feed, 'field');
    const before = this.lastPlayersLeft.get(key) ?? field.playersLeft;
    this.lastPlayersLeft.set(key, field.playersLeft);
    if (!bubbleFired && field.paidPlaces > 0 && before > field.paidPlaces && field.playersLeft <= field.paidPlaces) fired.push({ trigger: 'bubble.burst', context: {} });
    return fired;
  }

  /** break.ending: one timer per feed at the break's end minus the rule's seconds. */
  private armBreakEnding(host: TournamentHost, feed: Feed): void {
    const key = `${host.id}:${feed}`;
    this.breakTimers.get(key)?.();
    this.breakTimers.delete(key);
    const rules = (streamOf(host.state).obsRules ?? []).filter((r) => r.when === 'break.ending' && (r.live === true) === (feed === 'live'));
    const clock = this.view(host, feed, 'clock');
    if (rules.length === 0 || clock.status !== 'running' || !clock.current.break || clock.endsAt === undefined) return;
    const shift = feed === 'delayed' ? host.delayed.delayMs : 0;
    const cancels = rules.map((rule) =>
      this.time.at(clock.endsAt! + shift - (rule.seconds ?? 60) * 1000, () => {
        const link = this.links.get(host.id);
        if (link) this.runRule(host, link, rule, feed, {});
      }),
    );
    this.breakTimers.set(key, () => cancels.forEach((c) => c()));
  }

  // ---- actions

  private runRule(host: TournamentHost, link: ObsLink, rule: ObsRule, feed: Feed, context: Partial<TemplateContext>): void {
    const full = this.context(host, feed, context);
    for (const action of rule.actions) {
      // Chosen even while OBS is away: the reconnect then puts it up.
      if ('scene' in action) this.program.choose(host.id, action.scene, 'rule');
      link.fire((obs) => this.perform(obs, host.id, action, full));
    }
  }

  private context(host: TournamentHost, feed: Feed, event: Partial<TemplateContext>): Partial<TemplateContext> {
    return {
      clock: this.view(host, feed, 'clock'),
      field: this.view(host, feed, 'field'),
      now: this.time.now() - (feed === 'delayed' ? host.delayed.delayMs : 0),
      ...event,
    };
  }

  private async perform(obs: ObsSession, tournament: string, action: ObsAction, context: Partial<TemplateContext>): Promise<void> {
    if ('scene' in action) {
      await obs.call('SetCurrentProgramScene', { sceneName: action.scene });
    } else if ('text' in action) {
      const text = renderTemplate(action.text.template, context);
      // A value missing now (the level in a break): the source keeps its last text.
      if (text !== null) await obs.call('SetInputSettings', { inputName: action.text.input, inputSettings: { text } });
    } else if ('media' in action) {
      await obs.call('TriggerMediaInputAction', { inputName: action.media.input, mediaAction: 'OBS_WEBSOCKET_MEDIA_INPUT_ACTION_RESTART' });
    } else if ('transition' in action) {
      await obs.call('TriggerStudioModeTransition');
    } else {
      const target = 'show' in action ? action.show : action.hide;
      const enabled = 'show' in action;
      const scene = target.scene ?? this.links.get(tournament)?.status.programScene;
      if (!scene) throw new ObsRequestError('obs-refused', `no program scene to ${enabled ? 'show' : 'hide'} '${target.source}' in: name the scene`);
      await setItemEnabled(obs, scene, target.source, enabled);
    }
  }

  // ---- connection and status

  private connect(tournament: string, url: string, password: string): void {
    this.links.get(tournament)?.close();
    const link: ObsLink = new ObsLink(
      url,
      password,
      {
        status: () => {
          if (this.links.get(tournament) !== link) return;
          this.program.seen(tournament, link.status.state === 'connected', link.status.programScene);
          this.publish(tournament);
        },
        connected: () => void this.onConnected(tournament, link),
      },
      this.timing,
    );
    this.links.set(tournament, link);
    const host = this.registry.get(tournament);
    if (host) {
      this.remember(host, 'live');
      this.remember(host, 'delayed');
    }
    this.publish(tournament);
  }

  /**
   * OBS is (back), after every connect: read its sources, then re-apply the current state, not
   * the missed actions: the program scene last chosen (program-intent.ts) and every text source. A session that fails here is given up by the link, and the next connect
   * runs this again.
   */
  private async onConnected(tournament: string, link: ObsLink): Promise<void> {
    try {
      await link.run(async (obs) => {
        const list = await obs.call('GetInputList');
        this.inputs.set(tournament, list.inputs.map((i) => String(i.inputName)));
      });
    } catch {
      return;
    }
    try {
      await link.run(async (obs) => {
        const list = await obs.call('GetSceneTransitionList');
        this.transitions.set(tournament, list.transitions.map((t) => String(t.transitionName)));
      });
    } catch {
      // Without the list, OBS itself answers a cut naming a transition it lacks (obs-refused).
      this.transitions.delete(tournament);
    }
    this.publish(tournament);
    const host = this.registry.get(tournament);
    if (!host) return;
    this.log.info({ tournament, url: link.url }, 'OBS connected: re-applying the current state');
    const rules = streamOf(host.state).obsRules ?? [];
    const feedOf = (rule: ObsRule): Feed => (rule.live ? 'live' : 'delayed');
    // The scene last chosen, by the producer or by a rule (one that fired while OBS was away
    // included), never a rule's guess over the producer's choice; nothing chosen yet: OBS's own.
    const chosen = this.program.get(tournament);
    if (chosen && link.status.programScene !== chosen.scene && link.status.scenes.includes(chosen.scene)) {
      link.fire((obs) => this.perform(obs, tournament, { scene: chosen.scene }, {}));
    }
    this.program.watch(tournament);
    for (const rule of rules) {
      for (const action of rule.actions) {
        if ('text' in action) link.fire((obs) => this.perform(obs, tournament, action, this.context(host, feedOf(rule), {})));
      }
    }
  }

  private publish(tournament: string): void {
    this.onStatus(tournament, this.status(tournament));
  }

  /** Rules naming a scene or source OBS does not have: kept, and flagged on the phone. */
  private problems(tournament: string, status: ObsStatusView): string[] {
    if (status.state !== 'connected') return [];
    const host = this.registry.get(tournament);
    if (!host) return [];
    const inputs = this.inputs.get(tournament);
    const out = new Set<string>();
    for (const rule of streamOf(host.state).obsRules ?? []) {
      for (const action of rule.actions) {
        if ('scene' in action && !status.scenes.includes(action.scene)) out.add(`scene '${action.scene}' not found in OBS`);
        const input = 'text' in action ? action.text.input : 'media' in action ? action.media.input : undefined;
        if (input && inputs && !inputs.includes(input)) out.add(`source '${input}' not found in OBS`);
        const item = 'show' in action ? action.show : 'hide' in action ? action.hide : undefined;
        if (item?.scene && !status.scenes.includes(item.scene)) out.add(`scene '${item.scene}' not found in OBS`);
        if (item && inputs && !inputs.includes(item.source) && !status.scenes.includes(item.source)) out.add(`source '${item.source}' not found in OBS`);
      }
    }
    return [...out];
  }

  private settingsOf(tournament: string): { url: string; password: string } | null {
    return this.settings.get(tournament);
  }

  /** The stored address of a tournament's OBS (never the password). */
  storedUrl(tournament: string): string | null {
    return this.settingsOf(tournament)?.url ?? null;
  }
}

/** The champion's bounty money in all, where bounties are in play (his knockouts' and his own head's are both in `knockouts`). */
function championBounty(entry: { knockouts?: { amount: number }; bounty?: number } | undefined): { bountyCents?: number } {
  if (!entry || (entry.bounty === undefined && entry.knockouts === undefined)) return {};
  return { bountyCents: entry.knockouts?.amount ?? 0 };
}

/** Shows or hides a source in a scene, looking inside the scene's groups too. */
async function setItemEnabled(obs: ObsSession, sceneName: string, sourceName: string, enabled: boolean): Promise<void> {
  const { sceneItems } = await obs.call('GetSceneItemList', { sceneName });
  const direct = sceneItems.find((i) => i.sourceName === sourceName);
  if (direct) {
    await obs.call('SetSceneItemEnabled', { sceneName, sceneItemId: Number(direct.sceneItemId), sceneItemEnabled: enabled });
    return;
  }
  for (const group of sceneItems.filter((i) => i.isGroup)) {
    const groupName = String(group.sourceName);
    const inner = await obs.call('GetGroupSceneItemList', { sceneName: groupName });
    const item = inner.sceneItems.find((i) => i.sourceName === sourceName);
    if (item) {
      await obs.call('SetSceneItemEnabled', { sceneName: groupName, sceneItemId: Number(item.sceneItemId), sceneItemEnabled: enabled });
      return;
    }
  }
  throw new ObsRequestError('obs-refused', `source '${sourceName}' not found in scene '${sceneName}'`);
}
