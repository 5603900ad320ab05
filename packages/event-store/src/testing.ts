export { DeciderSpecification, type DeciderGiven, type DeciderThen, type DeciderWhen } from './testing/decider-specification.ts';
