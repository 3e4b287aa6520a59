import type { CourseSeed, LessonSeed, SectionSeed } from '../builders/academy';
import { READINGS } from './academy-readings';

/** The three one-minute clips made for the project (client/public/videos, see docs/decisions/005). */
const CLIPS = {
  wood: '/videos/tonewood-and-bracing.webm',
  setup: '/videos/setup-and-fretwork.webm',
  finish: '/videos/finishing-the-guitar.webm',
} as const;

export const RESOURCES = {
  bracing: { title: 'X-brace layout (SVG)', url: '/courses/resources/x-brace-layout.svg', fileType: 'svg' },
  setup: { title: 'Setup checklist (PDF)', url: '/courses/resources/setup-checklist.pdf', fileType: 'pdf' },
  polish: {
    title: 'French polish schedule (PDF)',
    url: '/courses/resources/french-polish-schedule.pdf',
    fileType: 'pdf',
  },
} as const;

/**
 * A lesson in shorthand: a clip key for a one-minute video lesson, or a number of minutes for a reading
 * lesson timed on the page; a leading `*` in the title marks a free preview.
 */
type Shorthand = [title: string, kind: keyof typeof CLIPS | number, resource?: keyof typeof RESOURCES];

const lesson = ([rawTitle, kind, resource]: Shorthand): LessonSeed => {
  const free = rawTitle.startsWith('*');
  const title = free ? rawTitle.slice(1) : rawTitle;
  const video = typeof kind === 'string';
  const file = resource ? RESOURCES[resource] : null;
  return {
    title,
    free,
    videoUrl: video ? CLIPS[kind] : null,
    captionsUrl: video ? CLIPS[kind].replace(/\.webm$/, '.en.vtt') : null,
    reading: video ? null : (READINGS[title] ?? null),
    durationMinutes: video ? 1 : kind,
    description: video
      ? `${title}: a short demonstration at the bench. Watch it through; your place is saved as you go.`
      : `${title}: a reading lesson with diagrams and measurements. Keep the page open while you study it.`,
    resources: file ? [{ ...file, sizeBytes: RESOURCE_SIZES[resource ?? 'setup'] }] : [],
  };
};

/**
 * Byte sizes of the committed resource files, shown beside their download links (the PDFs are made from the
 * .txt sources beside them by scripts/make-course-resources.mjs; a test keeps these equal to the files).
 */
export const RESOURCE_SIZES: Record<keyof typeof RESOURCES, number> = {
  bracing: 1617,
  setup: 3783,
  polish: 3554,
};

const sections = (...list: [string, string, Shorthand[]][]): SectionSeed[] =>
  list.map(([title, description, items]) => ({ title, description, lessons: items.map(lesson) }));

export interface SampleCourse extends Omit<CourseSeed, 'instructorName' | 'instructorUserId'> {
  /** Handle of the sample maker who teaches it. */
  instructorHandle: string;
  /** How many sample makers are enrolled (drives "students" and the popular sort). */
  enrolled: number;
}

export const SAMPLE_COURSES: SampleCourse[] = [
  {
    id: 'course-1',
    slug: 'introduction-to-classical-guitar-building',
    title: 'Introduction to Classical Guitar Building',
    description: 'Build your first Spanish-method classical guitar, from tonewood to first strings.',
    fullDescription:
      'A complete first build in the Spanish tradition: choosing and joining the top, fan bracing, bending sides on a hot pipe, fitting the neck with the solera method and stringing up. Every step is shown at the bench and explained with measurements you can copy.',
    instructorHandle: 'granada-guitarras',
    level: 'beginner',
    category: 'classical',
    builds: { instrumentType: 'guitar', category: 'classical', numberOfStrings: 6 },
    durationLabel: '6-8 weeks',
    price: 299,
    rating: 4.9,
    tags: ['classical', 'spanish method', 'fan bracing', 'first build'],
    features: ['Lifetime access', 'Downloadable plans', 'Certificate of completion'],
    requirements: ['A small workbench', 'Basic hand tools', 'No prior building experience'],
    coverImageUrl: '/courses/covers/classical.svg',
    enrolled: 7,
    sections: sections(
      [
        'Wood and tools',
        'What a classical guitar is made of.',
        [
          ['*Welcome to the workshop', 'wood'],
          ['*Choosing spruce and cedar tops', 'wood', 'bracing'],
          ['Sharpening and setting up planes', 4],
        ],
      ],
      [
        'The soundboard',
        'Joining, thicknessing and bracing the top.',
        [
          ['Joining the top plates', 'wood'],
          ['Fan bracing layout', 5, 'bracing'],
          ['Carving the braces', 'wood'],
        ],
      ],
      [
        'Assembly',
        'Sides, neck and the box.',
        [
          ['Bending sides on a hot pipe', 'finish'],
          ['The solera and the Spanish heel', 6],
          ['Closing the box', 'setup'],
        ],
      ],
    ),
  },
  {
    id: 'course-2',
    slug: 'steel-string-acoustic-voicing',
    title: 'Steel-String Acoustic Voicing',
    description: 'Tap-tune tops and braces so a flat-top sounds the way you hear it in your head.',
    fullDescription:
      'Voicing is where a good flat-top becomes a great one. Learn to read stiffness by flexing and tapping, to scallop X braces with intent, and to measure the results so you can repeat them.',
    instructorHandle: 'nashville-strings',
    level: 'intermediate',
    category: 'acoustic',
    durationLabel: '4-6 weeks',
    price: 349,
    rating: 4.8,
    tags: ['acoustic', 'voicing', 'x bracing', 'tap tuning'],
    features: ['Lifetime access', 'Bracing templates', 'Certificate of completion'],
    requirements: ['One completed guitar or kit', 'Chisels and a finger plane'],
    coverImageUrl: '/courses/covers/acoustic.svg',
    enrolled: 5,
    sections: sections(
      [
        'Listening to wood',
        'Stiffness, weight and tap tones.',
        [
          ['*What voicing means', 'wood'],
          ['Deflection testing a top', 5],
          ['Tap tones and what they tell you', 'wood'],
        ],
      ],
      [
        'Bracing for tone',
        'Scalloping with a purpose.',
        [
          ['Forward-shifted X bracing', 'wood', 'bracing'],
          ['Scalloping the X', 'finish'],
          ['Tone bars and finger braces', 4],
          ['Measuring the finished box', 'setup'],
        ],
      ],
    ),
  },
  {
    id: 'course-3',
    slug: 'guitar-setup-fundamentals',
    title: 'Guitar Setup Fundamentals',
    description: 'Relief, action, nut slots and intonation: a professional setup in an afternoon.',
    fullDescription:
      'The setup is the first thing a player feels. This course walks through a complete setup on acoustic and electric guitars with the measurements a repair shop works to.',
    instructorHandle: 'lagos-workshop',
    level: 'beginner',
    category: 'repair',
    durationLabel: '2 weeks',
    price: 199,
    rating: 4.7,
    tags: ['setup', 'repair', 'intonation', 'nut'],
    features: ['Lifetime access', 'Setup checklist', 'Certificate of completion'],
    requirements: ['A guitar to practise on', 'Feeler gauges and a 6-inch rule'],
    coverImageUrl: '/courses/covers/repair.svg',
    enrolled: 9,
    sections: sections(
      [
        'Measure first',
        'Read the guitar before touching it.',
        [
          ['*The setup checklist', 'setup', 'setup'],
          ['Neck relief and the truss rod', 'setup'],
          ['Action at the twelfth fret', 3],
        ],
      ],
      [
        'Adjust',
        'Nut, saddle and intonation.',
        [
          ['Cutting nut slots', 'setup'],
          ['Shaping the saddle', 4],
          ['Setting intonation', 'setup'],
          ['Final check and restringing', 'finish'],
        ],
      ],
    ),
  },
  {
    id: 'course-4',
    slug: 'electric-guitar-body-and-neck',
    title: 'Electric Guitar Body and Neck',
    description: 'Route, carve and fit a solid-body electric with a bolt-on neck.',
    fullDescription:
      'From a rough slab to a playable solid-body: templates, routing safely, carving contours, shaping a maple neck with a hand-cut fretboard and fitting a tight neck pocket.',
    instructorHandle: 'melbourne-luthiers',
    level: 'intermediate',
    category: 'electric',
    builds: { instrumentType: 'guitar', category: 'electric', numberOfStrings: 6 },
    durationLabel: '6 weeks',
    price: 329,
    rating: 4.6,
    tags: ['electric', 'solid body', 'routing', 'neck carving'],
    features: ['Lifetime access', 'Routing templates', 'Certificate of completion'],
    requirements: ['A router and templates', 'Basic woodworking'],
    coverImageUrl: '/courses/covers/electric.svg',
    enrolled: 6,
    sections: sections(
      [
        'The body',
        'Templates and routing.',
        [
          ['*Choosing body woods', 'wood'],
          ['Making templates', 5],
          ['Routing cavities safely', 'setup'],
          ['Carving contours', 'finish'],
        ],
      ],
      [
        'The neck',
        'Maple, rosewood and frets.',
        [
          ['Shaping the neck profile', 'wood'],
          ['Slotting and radiusing the fretboard', 6],
          ['Fretting', 'setup'],
          ['Fitting the neck pocket', 4],
        ],
      ],
    ),
  },
  {
    id: 'course-5',
    slug: 'french-polishing-and-finishing',
    title: 'French Polishing and Finishing',
    description: 'Pore filling, bodying and spiriting off: the shellac finish done by hand.',
    fullDescription:
      'French polish is thin, beautiful and unforgiving. Learn to make a pad, fill pores with pumice, body up with shellac, spirit off and repair a polish that has gone wrong.',
    instructorHandle: 'kyoto-gengakki',
    level: 'advanced',
    category: 'classical',
    durationLabel: '3-4 weeks',
    price: 379,
    rating: 4.9,
    tags: ['finishing', 'shellac', 'french polish', 'classical'],
    features: ['Lifetime access', 'Polishing schedule', 'Certificate of completion'],
    requirements: ['A finished, sanded guitar', 'Dewaxed shellac flakes'],
    coverImageUrl: '/courses/covers/classical.svg',
    enrolled: 3,
    sections: sections(
      [
        'Preparation',
        'Surfaces and materials.',
        [
          ['*Why shellac', 'finish'],
          ['Mixing shellac cuts', 3, 'polish'],
          ['Making a pad', 'finish'],
        ],
      ],
      [
        'Polishing',
        'Bodying, building and spiriting off.',
        [
          ['Pore filling with pumice', 'finish'],
          ['Bodying sessions', 6, 'polish'],
          ['Spiriting off', 'finish'],
          ['Fixing witness lines', 4],
        ],
      ],
    ),
  },
  {
    id: 'course-6',
    slug: 'crack-and-bridge-repair',
    title: 'Crack and Bridge Repair',
    description: 'Cleat cracks, reglue lifting bridges and reset tops on old instruments.',
    fullDescription:
      'Structural repair on acoustic instruments: diagnosing cracks, humidifying and cleating, removing and regluing bridges, and deciding when a repair should be left for a restorer.',
    instructorHandle: 'cremona-liuteria',
    level: 'advanced',
    category: 'repair',
    durationLabel: '5 weeks',
    price: 399,
    rating: 4.8,
    tags: ['repair', 'restoration', 'cracks', 'bridge reglue'],
    features: ['Lifetime access', 'Clamp and caul plans', 'Certificate of completion'],
    requirements: ['Completed setup course or shop experience', 'Hide glue and a glue pot'],
    coverImageUrl: '/courses/covers/repair.svg',
    enrolled: 2,
    sections: sections(
      [
        'Diagnosis',
        'Reading damage.',
        [
          ['*Assessing an instrument on the bench', 'setup'],
          ['Humidity and wood movement', 4],
        ],
      ],
      [
        'Cracks',
        'Closing and cleating.',
        [
          ['Closing a top crack', 'wood'],
          ['Fitting cleats', 'wood', 'bracing'],
          ['Touching up the finish', 'finish'],
        ],
      ],
      [
        'Bridges',
        'Removal and regluing.',
        [
          ['Removing a lifting bridge', 'setup'],
          ['Regluing with hide glue', 5],
          ['Checking the neck angle', 'setup'],
        ],
      ],
    ),
  },
  {
    id: 'course-7',
    slug: 'pickup-winding-and-electronics',
    title: 'Pickup Winding and Electronics',
    description: 'Wind single-coil pickups and wire a clean, quiet control cavity.',
    fullDescription:
      'Wind your own single coils on a home-made winder, pot them, and wire volume, tone and switching with shielding that keeps the hum out.',
    instructorHandle: 'lagos-workshop',
    level: 'advanced',
    category: 'electric',
    durationLabel: '3 weeks',
    price: 279,
    rating: 4.5,
    tags: ['electric', 'pickups', 'wiring', 'shielding'],
    features: ['Lifetime access', 'Wiring diagrams', 'Certificate of completion'],
    requirements: ['A soldering iron', 'A multimeter'],
    coverImageUrl: '/courses/covers/electric.svg',
    enrolled: 4,
    sections: sections(
      [
        'Pickups',
        'Magnets and copper.',
        [
          ['*How a pickup works', 'wood'],
          ['Building a winder', 5],
          ['Winding a single coil', 'setup'],
          ['Wax potting', 3],
        ],
      ],
      [
        'Wiring',
        'Controls and shielding.',
        [
          ['Soldering that lasts', 'setup'],
          ['Volume and tone circuits', 4],
          ['Shielding the cavity', 'finish'],
        ],
      ],
    ),
  },
  {
    id: 'course-8',
    slug: 'acoustic-guitar-bracing-basics',
    title: 'Acoustic Guitar Bracing Basics',
    description: 'Why guitars are braced the way they are, with hands-on bracing of a practice top.',
    fullDescription:
      'A gentle start on the inside of an acoustic guitar: what braces do, how ladder, fan and X bracing differ, and how to glue and shape braces on a practice top.',
    instructorHandle: 'dublin-instruments',
    level: 'beginner',
    category: 'acoustic',
    durationLabel: '3 weeks',
    price: 229,
    rating: 4.7,
    tags: ['acoustic', 'bracing', 'beginner', 'go-bar deck'],
    features: ['Lifetime access', 'Bracing layout', 'Certificate of completion'],
    requirements: ['A practice top (any softwood)', 'A go-bar deck or clamps'],
    coverImageUrl: '/courses/covers/acoustic.svg',
    enrolled: 8,
    sections: sections(
      [
        'Why brace',
        'The job braces do.',
        [
          ['*Ladder, fan and X', 'wood', 'bracing'],
          ['Grain orientation', 3],
        ],
      ],
      [
        'Bracing a practice top',
        'Glue, clamp, shape.',
        [
          ['Building a go-bar deck', 4],
          ['Gluing braces', 'wood'],
          ['Shaping and scalloping', 'finish'],
          ['What to listen for', 'wood'],
        ],
      ],
    ),
  },
  {
    id: 'course-9',
    slug: 'seven-string-violao-construction',
    title: 'Seven-String Violão Construction',
    description: 'The Brazilian seven-string: extended range, lattice ideas and a stronger neck.',
    fullDescription:
      'Adapting the classical build for the seven-string violão used in choro and samba: a wider neck, a stronger heel, string spacing and a bracing plan for the low B.',
    instructorHandle: 'sao-paulo-violoes',
    level: 'intermediate',
    category: 'classical',
    builds: { instrumentType: 'guitar', category: 'classical', numberOfStrings: 7 },
    durationLabel: '8 weeks',
    price: 319,
    rating: 4.6,
    tags: ['classical', 'seven-string', 'choro', 'neck design'],
    features: ['Lifetime access', 'Full-size plan', 'Certificate of completion'],
    requirements: ['One classical guitar built', 'Bending iron'],
    coverImageUrl: '/courses/covers/classical.svg',
    enrolled: 1,
    sections: sections(
      [
        'Design',
        'More strings, more tension.',
        [
          ['*The seven-string tradition', 'wood'],
          ['Neck width and spacing', 4],
          ['Bracing for the low B', 'wood', 'bracing'],
        ],
      ],
      [
        'Build',
        'Where it differs from a six.',
        [
          ['Reinforcing the neck', 'setup'],
          ['Headstock for seven tuners', 3],
          ['Bridge and saddle', 'setup'],
          ['Stringing and first sound', 'finish'],
        ],
      ],
    ),
  },
];
