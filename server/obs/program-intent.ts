/**
 * Which scene should be on OBS's program, per tournament, and who chose it: the producer (a scene
 * button on the phone, the API, or a switch made in OBS itself) or a rule (a break started). After
 * an OBS reconnect the bridge puts that scene back, whoever chose it last: a rule never overrides
 * a scene the producer chose after it, and a rule that fired while OBS was away is caught up.
 * Nothing is known before the first choice: then the bridge leaves OBS's program as it is.
 */
export interface ProgramChoice {
  scene: string;
  by: 'producer' | 'rule';
}

export class ProgramIntent {
  private readonly chosen = new Map<string, ProgramChoice>();
  /** Connections whose program-scene changes are the producer's (after the reconnect's own restore). */
  private readonly watching = new Set<string>();

  choose(tournament: string, scene: string, by: ProgramChoice['by']): void {
    this.chosen.set(tournament, { scene, by });
  }

  get(tournament: string): ProgramChoice | undefined {
    return this.chosen.get(tournament);
  }

  /** OBS's program scene as its events report it: a change nobody here made is the producer's, in OBS. */
  seen(tournament: string, connected: boolean, programScene: string | undefined): void {
    if (!connected) {
      this.watching.delete(tournament);
      return;
    }
    if (!this.watching.has(tournament) || !programScene) return;
    if (this.chosen.get(tournament)?.scene !== programScene) this.chosen.set(tournament, { scene: programScene, by: 'producer' });
  }

  /** The reconnect's restore is queued: from now on OBS's changes are watched. */
  watch(tournament: string): void {
    this.watching.add(tournament);
  }

  forget(tournament: string): void {
    this.chosen.delete(tournament);
    this.watching.delete(tournament);
  }
}
