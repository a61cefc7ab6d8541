-- How often shoppers' pages took each transition of the shop's machines, per day (the pages
-- count and send them; api/components/machine-counts). Labels only, from the machines' own
-- definitions: machine id, the state node left, the event, the state nodes entered, or
-- '(not taken)' for an event that no transition took. No context, no ids, no person.
create table machine_transition_counts (
  day date not null,
  machine text not null,
  source text not null,
  event text not null,
  target text not null,
  count bigint not null,
  primary key (day, machine, source, event, target)
);
