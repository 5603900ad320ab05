/**
 * A pure aggregate (as in Emmett): `decide` turns a command into events given the current state
 * (throwing a domain error when the command is not allowed), `evolve` folds one event into the state.
 */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

export function fold<Event, State>(decider: Pick<Decider<never, Event, State>, 'evolve'>, state: State, events: Iterable<Event>): State {
  let current = state;
  for (const event of events) current = decider.evolve(current, event);
  return current;
}
