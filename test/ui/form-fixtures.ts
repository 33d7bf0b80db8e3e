// Schemas for the form tests: server-everything's own form (every field kind
// MCP allows), copied from its trigger-elicitation-request tool.
import type {Key} from 'ink';

export const EVERYTHING_SCHEMA = {
  type: 'object',
  properties: {
    name: {title: 'String', type: 'string', description: 'Your full, legal name'},
    check: {title: 'Boolean', type: 'boolean', description: 'Agree to the terms and conditions'},
    firstLine: {title: 'String with default', type: 'string', description: 'Favorite first line of a story', default: 'It was a dark and stormy night.'},
    email: {title: 'String with email format', type: 'string', format: 'email', description: 'Your email address'},
    homepage: {type: 'string', format: 'uri', title: 'String with uri format', description: 'Portfolio / personal website'},
    birthdate: {title: 'String with date format', type: 'string', format: 'date', description: 'Your date of birth'},
    integer: {title: 'Integer', type: 'integer', description: 'Your favorite integer', minimum: 1, maximum: 100, default: 42},
    number: {title: 'Number in range 1-1000', type: 'number', description: 'Favorite number', minimum: 0, maximum: 1000, default: 3.14},
    untitledSingleSelectEnum: {type: 'string', title: 'Untitled Single Select Enum', description: 'Choose your favorite friend', enum: ['Monica', 'Rachel', 'Joey', 'Chandler', 'Ross', 'Phoebe'], default: 'Monica'},
    untitledMultipleSelectEnum: {
      type: 'array',
      title: 'Untitled Multiple Select Enum',
      description: 'Choose your favorite instruments',
      minItems: 1,
      maxItems: 3,
      items: {type: 'string', enum: ['Guitar', 'Piano', 'Violin', 'Drums', 'Bass']},
      default: ['Guitar'],
    },
    titledSingleSelectEnum: {
      type: 'string',
      title: 'Titled Single Select Enum',
      description: 'Choose your favorite hero',
      oneOf: [{const: 'hero-1', title: 'Superman'}, {const: 'hero-2', title: 'Green Lantern'}, {const: 'hero-3', title: 'Wonder Woman'}],
      default: 'hero-1',
    },
    titledMultipleSelectEnum: {
      type: 'array',
      title: 'Titled Multiple Select Enum',
      description: 'Choose your favorite types of fish',
      minItems: 1,
      maxItems: 3,
      items: {anyOf: [{const: 'fish-1', title: 'Tuna'}, {const: 'fish-2', title: 'Salmon'}, {const: 'fish-3', title: 'Trout'}]},
      default: ['fish-1'],
    },
    legacyTitledEnum: {
      type: 'string',
      title: 'Legacy Titled Single Select Enum',
      description: 'Choose your favorite type of pet',
      enum: ['pet-1', 'pet-2', 'pet-3', 'pet-4', 'pet-5'],
      enumNames: ['Cats', 'Dogs', 'Birds', 'Fish', 'Reptiles'],
      default: 'pet-1',
    },
  },
  required: ['name'],
};

/** The content server-everything's form sends with nothing but the name filled in. */
export const EVERYTHING_DEFAULTS = {
  check: false,
  firstLine: 'It was a dark and stormy night.',
  integer: 42,
  number: 3.14,
  untitledSingleSelectEnum: 'Monica',
  untitledMultipleSelectEnum: ['Guitar'],
  titledSingleSelectEnum: 'hero-1',
  titledMultipleSelectEnum: ['fish-1'],
  legacyTitledEnum: 'pet-1',
};

/** An Ink key with the given flags set. */
export function key(flags: Partial<Key> = {}): Key {
  return {
    upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
    return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
    super: false, hyper: false, capsLock: false, numLock: false,
    ...flags,
  } as Key;
}
