// The text of the sample courses' reading lessons, by lesson title: what to know, the steps, the measurements a
// maker works to, and for some a diagram drawn for the project (client/public/courses/diagrams/). The figures are
// common workshop starting points, not rules; each lesson says what to adjust them by.
import type { Reading } from '../../../contract/academy';

const FAN = {
  src: '/courses/diagrams/fan-bracing.svg',
  alt: 'A classical guitar top seen from inside: seven fan braces spreading from below the sound hole toward the lower bout, two closing bars, and the harmonic bars above and below the sound hole.',
  caption: 'Seven-strut fan bracing (Torres pattern), with the closing bars and the harmonic bars.',
};
const RELIEF = {
  src: '/courses/diagrams/relief-and-action.svg',
  alt: 'A side view of a neck with a capo at the first fret and a finger at the body fret; the gap under the string at the seventh fret is the relief, and the gap above the twelfth fret is the action.',
  caption:
    'Relief is read at the 7th fret with the string fretted at both ends; action at the 12th, top of fret to bottom of string.',
};
const X_BRACE = {
  src: '/courses/resources/x-brace-layout.svg',
  alt: 'A steel-string guitar top from inside: the X brace crossing below the sound hole, two tone bars in the lower bout and finger braces along the edges.',
  caption:
    'X-brace layout with tone bars and finger braces (also in the course resources as a printable template).',
};

export const READINGS: Record<string, Reading> = {
  'Sharpening and setting up planes': {
    intro:
      'A plane that is sharp and set for a fine cut does most of a top’s thicknessing and a brace’s shaping. Hone the bevel, flatten the back of the iron once, and set the cap iron close for figured wood.',
    steps: [
      'Flatten the back of the iron on 1000 then 6000 grit until the edge shows one bright band.',
      'Hone the primary bevel at 25°, then a micro-bevel at 30°; strop it.',
      'Set the cap iron 0.3–0.5 mm behind the edge for tear-out-prone spruce and maple.',
      'Advance the iron until it takes a shaving you can read a newspaper through.',
    ],
    table: {
      caption: 'Bench plane settings',
      head: ['Plane', 'Bed angle', 'Use'],
      rows: [
        ['Block plane', '12°', 'End grain, brace ends'],
        ['No. 4 smoother', '45°', 'Top and back thicknessing'],
        ['No. 5½ jack', '45°', 'Joining plates on the shooting board'],
      ],
    },
  },
  'Fan bracing layout': {
    intro:
      'Fan bracing lets the lower bout of a classical top move while the harmonic bars keep the upper bout stiff. Lay it out from the centre line and the bridge position, not from the outline.',
    steps: [
      'Draw the centre line and mark the saddle line at the scale length from the nut (650 mm).',
      'Place the lower harmonic bar 25 mm below the sound hole, square to the centre line.',
      'Fan seven struts from a point on the centre line about 30 mm above the lower harmonic bar.',
      'Close the fan with two bars along the lower bout, angled toward the tail block.',
    ],
    table: {
      caption: 'Brace sections before shaping (width × height)',
      head: ['Brace', 'Size', 'Wood'],
      rows: [
        ['Harmonic bars', '7 × 14 mm', 'Spruce'],
        ['Fan struts', '5 × 4 mm', 'Spruce'],
        ['Closing bars', '5 × 4 mm', 'Spruce'],
      ],
    },
    figure: FAN,
  },
  'The solera and the Spanish heel': {
    intro:
      'In the Spanish method the top is glued to the neck first, on a solera: a work board with the top’s doming carved into it. The heel’s slots hold the sides, so the neck angle is built in from the start.',
    steps: [
      'Carve the solera’s lower bout 2–3 mm lower at the centre than at the rim.',
      'Cut the heel slots at the side thickness plus 0.1 mm.',
      'Set the neck on the solera with a 1 mm shim under the headstock end.',
    ],
    table: {
      caption: 'Solera and heel',
      head: ['Point', 'Value'],
      rows: [
        ['Lower bout doming', '2–3 mm at the centre'],
        ['Heel slot width', 'side thickness + 0.1 mm'],
        ['Neck set shim', '1 mm under the headstock'],
      ],
    },
  },
  'Deflection testing a top': {
    intro:
      'Weight and thickness alone do not describe a top: stiffness does. Load the plate at its centre, measure how far it bends, and thin it until it reaches the deflection you aim for.',
    steps: [
      'Support the plate on two rails 400 mm apart, grain across the rails.',
      'Hang 1 kg at the centre and read the dial indicator.',
      'Thin in 0.1 mm passes and test again; stop at your target.',
    ],
    table: {
      caption: 'Targets for a joined top (1 kg load, 400 mm span)',
      head: ['Top', 'Thickness', 'Deflection'],
      rows: [
        ['Spruce, classical', '2.2–2.5 mm', '3.5–4.5 mm'],
        ['Cedar, classical', '2.4–2.7 mm', '3.5–4.5 mm'],
        ['Spruce, steel-string', '2.6–3.0 mm', '2.5–3.5 mm'],
      ],
    },
  },
  'Tone bars and finger braces': {
    intro:
      'Below the X, two tone bars stiffen the lower bout against the bridge’s rotation; finger braces along the upper edges keep the wings of the X from buzzing. Both are scalloped to let the top move.',
    steps: [
      'Glue the tone bars at 20–25° to the lower X legs, ending 10 mm short of the lining.',
      'Fit two finger braces each side, parallel to the upper X legs.',
      'Scallop the tone bars toward their ends to about a third of their height.',
    ],
    table: {
      caption: 'Brace sections (width × height)',
      head: ['Brace', 'Size'],
      rows: [
        ['X brace', '7 × 15 mm'],
        ['Tone bars', '6 × 11 mm'],
        ['Finger braces', '5 × 6 mm'],
      ],
    },
    figure: X_BRACE,
  },
  'Action at the twelfth fret': {
    intro:
      'Action is the height of the string above the 12th fret, measured from the top of the fret to the bottom of the string. Set relief first, then lower or raise the saddle: the action at the 12th fret moves by half of what you take off or add to the saddle.',
    steps: [
      'Tune to pitch and check relief at the 7th fret.',
      'Measure the 1st and 6th strings at the 12th fret with a steel rule.',
      'To lower the action by 0.5 mm at the 12th fret, take 1 mm off the saddle.',
    ],
    table: {
      caption: 'Action at the 12th fret',
      head: ['Guitar', 'Bass side', 'Treble side'],
      rows: [
        ['Steel-string', '2.4 mm', '1.8 mm'],
        ['Classical', '3.8 mm', '3.0 mm'],
        ['Electric', '1.8 mm', '1.5 mm'],
      ],
    },
    figure: RELIEF,
  },
  'Shaping the saddle': {
    intro:
      'The saddle sets the action and, with its compensation, the intonation. Shape its top to the fretboard’s radius and give each string one clean break point.',
    steps: [
      'Sand the bottom dead flat on a flat plate so it bears on the whole slot.',
      'Mark the height from your action target, then sand the top to the radius.',
      'File the break point back for the wound strings (compensation).',
    ],
    table: {
      caption: 'Saddle',
      head: ['Point', 'Value'],
      rows: [
        ['Height above the bridge', '2.5–4 mm'],
        ['Compensation, B string', '+1.5 mm'],
        ['Compensation, low E', '+2.5 mm'],
      ],
    },
  },
  'Making templates': {
    intro:
      'Templates make a design repeatable: the outline, the neck profile and the routing patterns are cut once in 6 mm MDF and copied with a bearing bit.',
    steps: [
      'Print the drawing at 100 % and check it with a rule.',
      'Glue it to MDF, cut 1 mm outside the line and sand to the line.',
      'Mark each template with the model, the date and the centre line.',
    ],
    table: {
      caption: 'Template stock',
      head: ['Template', 'Material', 'Thickness'],
      rows: [
        ['Body outline', 'MDF', '6 mm'],
        ['Routing patterns', 'MDF', '12 mm'],
        ['Neck profiles', 'Acrylic', '3 mm'],
      ],
    },
  },
  'Slotting and radiusing the fretboard': {
    intro:
      'Fret slots are cut from a scale length with the rule of eighteen (17.817); the radius is sanded after slotting so the slots keep their depth at the edges.',
    steps: [
      'Position of fret n from the nut: scale × (1 − 2^(−n/12)).',
      'Cut slots 0.1 mm deeper than the fret tang.',
      'Radius with a sanding block, checking with a radius gauge every few strokes.',
    ],
    table: {
      caption: 'Frets for a 648 mm scale',
      head: ['Fret', 'From the nut'],
      rows: [
        ['1', '36.4 mm'],
        ['5', '162.5 mm'],
        ['7', '215.7 mm'],
        ['12', '324.0 mm'],
      ],
    },
  },
  'Fitting the neck pocket': {
    intro:
      'A bolt-on neck sounds and stays in tune only as well as its pocket fits: snug side to side, flat on the floor, at the angle the bridge needs.',
    steps: [
      'Rout the pocket with a template, 0.2 mm narrower than the heel.',
      'Sand the sides until the neck goes in with thumb pressure.',
      'Check the angle with a straight edge on the frets reaching the bridge.',
    ],
    table: {
      caption: 'Pocket',
      head: ['Point', 'Value'],
      rows: [
        ['Depth', '15.9 mm'],
        ['Side fit', 'thumb pressure, no gap'],
        ['Straight edge over the bridge', '0–1 mm above the saddle top'],
      ],
    },
  },
  'Mixing shellac cuts': {
    intro:
      'A “cut” is the weight of shellac flakes per volume of alcohol. Thin cuts build slowly and level well; heavy cuts build fast and show every stroke.',
    steps: [
      'Weigh dewaxed flakes; dissolve them in 95 % ethanol in a glass jar.',
      'Shake twice a day; strain through a paint filter after 24 hours.',
      'Date the jar: mixed shellac keeps about six months.',
    ],
    table: {
      caption: 'Shellac cuts',
      head: ['Cut', 'Flakes per litre', 'Use'],
      rows: [
        ['1 lb', '120 g', 'Bodying'],
        ['2 lb', '240 g', 'Sealer coats'],
        ['½ lb', '60 g', 'Spiriting off'],
      ],
    },
  },
  'Bodying sessions': {
    intro:
      'Bodying builds the finish in many thin layers with the pad and a trace of oil. Each session adds a little; the finish grows over days, not hours.',
    steps: [
      'Charge the pad with a 1 lb cut; tap it on your palm until it feels just damp.',
      'Touch a drop of oil to the pad face; work circles and eights without stopping.',
      'End each session with straight strokes; leave it overnight.',
    ],
    table: {
      caption: 'A bodying schedule',
      head: ['Day', 'Sessions', 'Cut'],
      rows: [
        ['1–2', '3 per day', '1 lb'],
        ['3–5', '2 per day', '1 lb'],
        ['6', '1, then spirit off', '½ lb'],
      ],
    },
  },
  'Fixing witness lines': {
    intro:
      'A witness line is the edge of a layer you sanded through: a light ring where old and new finish meet. Blend it with thin coats, never by sanding more.',
    steps: [
      'Stop sanding the moment a ring appears.',
      'Pad two thin coats of a 1 lb cut over the area, feathering past the ring.',
      'Let it harden for a day, then level with 1500 grit and polish.',
    ],
    table: {
      caption: 'Blending',
      head: ['Step', 'Grit or cut'],
      rows: [
        ['Level', '1200 grit'],
        ['Fill', '1 lb shellac, 2 coats'],
        ['Polish', '1500 grit, then compound'],
      ],
    },
  },
  'Humidity and wood movement': {
    intro:
      'Wood takes on and gives off moisture until it matches the air. A guitar built in 45 % relative humidity is safe between about 40 % and 55 %; outside that, tops crack and frets stick out.',
    steps: [
      'Build and store in 45 % relative humidity, 20 °C.',
      'Check a room with a hygrometer before gluing braces.',
      'In dry winters keep the guitar in its case with a humidifier.',
    ],
    table: {
      caption: 'Relative humidity',
      head: ['Range', 'What happens'],
      rows: [
        ['Below 35 %', 'Top sinks, fret ends stick out, cracks'],
        ['40–55 %', 'Stable'],
        ['Above 65 %', 'Top swells, action rises, glue softens'],
      ],
    },
  },
  'Regluing with hide glue': {
    intro:
      'Hot hide glue is the repairer’s glue: it sticks to old hide glue, sets hard and can be undone with heat and moisture by the next repairer.',
    steps: [
      'Soak granules in water (1 : 2 by weight) for an hour; heat to 60 °C.',
      'Clean the old joint; warm both parts with a heat gun.',
      'Brush glue on both faces, clamp within a minute, leave 24 hours.',
    ],
    table: {
      caption: 'Hot hide glue',
      head: ['Point', 'Value'],
      rows: [
        ['Gram strength', '192 g'],
        ['Working temperature', '60–63 °C'],
        ['Open time', 'about 1 minute'],
      ],
    },
  },
  'Building a winder': {
    intro:
      'A pickup winder is a motor that turns the bobbin, a counter, and your hand guiding the wire. Consistent tension matters more than speed.',
    steps: [
      'Mount the bobbin on a faceplate driven by a variable-speed motor.',
      'Count turns with a magnet and a reed switch on the shaft.',
      'Guide 42 AWG wire by hand, traversing evenly across the bobbin.',
    ],
    table: {
      caption: 'A single-coil pickup',
      head: ['Point', 'Value'],
      rows: [
        ['Wire', '42 AWG plain enamel'],
        ['Turns', '8,000'],
        ['Resistance', 'about 6 kΩ'],
      ],
    },
  },
  'Wax potting': {
    intro:
      'Potting soaks a pickup in wax so the windings cannot move and squeal at high gain. Mix paraffin with beeswax so it stays flexible.',
    steps: [
      'Melt 80 % paraffin and 20 % beeswax in a double boiler to 65 °C.',
      'Lower the pickup in and keep it under until the bubbles stop (10–15 minutes).',
      'Hang it to drip and wipe the cover while the wax is soft.',
    ],
    table: {
      caption: 'Potting',
      head: ['Point', 'Value'],
      rows: [
        ['Wax', '80 % paraffin, 20 % beeswax'],
        ['Temperature', '65 °C, never above 70 °C'],
        ['Time', '10–15 minutes'],
      ],
    },
  },
  'Volume and tone circuits': {
    intro:
      'A passive guitar circuit is a volume pot as a voltage divider and a tone pot with a capacitor to ground. The pot values set how bright the guitar sounds when they are fully up.',
    steps: [
      'Pickup to the volume pot’s input lug; the wiper goes to the output jack.',
      'Tone: from the volume input through the tone pot and the capacitor to ground.',
      'Ground every pot case and the bridge to one point.',
    ],
    table: {
      caption: 'Common values',
      head: ['Part', 'Single coil', 'Humbucker'],
      rows: [
        ['Volume pot', '250 kΩ audio', '500 kΩ audio'],
        ['Tone pot', '250 kΩ audio', '500 kΩ audio'],
        ['Tone capacitor', '47 nF', '22 nF'],
      ],
    },
  },
  'Grain orientation': {
    intro:
      'Quarter-sawn wood, with its growth rings upright, is stiffer across the grain and moves less. Read the end grain and the run-out before you cut a part.',
    steps: [
      'Look at the end grain: the rings should stand within 15° of vertical for tops and necks.',
      'Split a sliver off the edge to see run-out; it should follow the face.',
      'Orient a neck blank with the rings perpendicular to the fretboard.',
    ],
    table: {
      caption: 'Grain for each part',
      head: ['Part', 'Rings', 'Run-out'],
      rows: [
        ['Top', 'within 15° of vertical', 'under 3°'],
        ['Neck', 'quarter-sawn', 'under 2°'],
        ['Braces', 'split, not sawn', 'none'],
      ],
    },
  },
  'Building a go-bar deck': {
    intro:
      'A go-bar deck clamps braces with springy rods bent between the work and a ceiling board: many even clamps that reach anywhere on a top.',
    steps: [
      'Build a base and a top board 600 mm apart on four threaded rods.',
      'Cut go-bars from 6 mm fibreglass rod, 20–30 mm longer than the gap.',
      'Set the radius dish on the base; press each brace with one or two bars.',
    ],
    table: {
      caption: 'Deck',
      head: ['Point', 'Value'],
      rows: [
        ['Gap', '600 mm'],
        ['Bars', '6 mm fibreglass, 620–630 mm'],
        ['Top radius dish', '7.6 m (25 ft)'],
      ],
    },
  },
  'Neck width and spacing': {
    intro:
      'Neck width at the nut and string spacing at the bridge decide how a guitar plays under the hands. Seven strings need more room than six without a clumsy neck.',
    steps: [
      'Set the outer strings 3.5 mm in from the fretboard edge at the nut.',
      'Space the strings so the gaps between them, not their centres, are equal.',
      'Check the spacing at the 12th fret with a capo and a rule.',
    ],
    table: {
      caption: 'Nut width and bridge spacing',
      head: ['Guitar', 'Nut', 'Bridge (1st to last string)'],
      rows: [
        ['Six-string classical', '52 mm', '58 mm'],
        ['Seven-string', '58 mm', '66 mm'],
        ['Steel-string', '44 mm', '55 mm'],
      ],
    },
  },
  'Headstock for seven tuners': {
    intro:
      'A seven-string headstock needs a fourth roller on one side of a slotted head, or a longer solid head; either way the strings must pull straight through the nut.',
    steps: [
      'Lengthen the slots by one tuner spacing (35 mm).',
      'Keep the break angle over the nut at 12–15°.',
      'Drill the rollers with a jig so they line up across both plates.',
    ],
    table: {
      caption: 'Headstock',
      head: ['Point', 'Value'],
      rows: [
        ['Tuner spacing', '35 mm'],
        ['Headstock angle', '12–15°'],
        ['Length for 4 + 3 rollers', '205 mm'],
      ],
    },
  },
};
