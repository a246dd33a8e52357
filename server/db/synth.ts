// Short, musical demo samples for the seed: a melody over a bass line and a soft chord pad, rendered
// as 16-bit mono PCM WAV. Deterministic: one tune description always gives the same bytes.

export const SAMPLE_RATE = 22_050;

const scales = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  pentatonic: [0, 2, 4, 7, 9],
} as const;

export interface Tune {
  /** Beats per minute (four beats a bar). */
  tempo: number;
  /** MIDI note of the key's root (60 = middle C). */
  root: number;
  scale: keyof typeof scales;
  /** One chord per bar, as 0-based scale degrees; repeated to fill `bars`. */
  progression: number[];
  bars: number;
  /** Picks the melody's notes and rhythms. */
  seed: number;
  /** Lead timbre: 0 a pure sine, 1 a triangle. */
  brightness: number;
  /** Bass on every beat (true) or on beats 1 and 3. */
  walkingBass?: boolean;
}

/** mulberry32: a tiny seeded generator, so a tune renders the same on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const frequency = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** A MIDI note for a scale degree (may be negative or past the octave). */
function noteOf(tune: Tune, degree: number): number {
  const steps = scales[tune.scale];
  const octave = Math.floor(degree / steps.length);
  const index = ((degree % steps.length) + steps.length) % steps.length;
  return tune.root + 12 * octave + (steps[index] as number);
}

interface Voice {
  /** 0 sine … 1 triangle */
  shape: number;
  attack: number;
  release: number;
  gain: number;
}

/** Adds one note with an attack/decay/sustain/release envelope into the mix. */
function addNote(mix: Float32Array, midi: number, start: number, seconds: number, voice: Voice): void {
  const f = frequency(midi);
  const first = Math.floor(start * SAMPLE_RATE);
  const held = Math.floor(seconds * SAMPLE_RATE);
  const release = Math.floor(voice.release * SAMPLE_RATE);
  const attack = Math.max(1, Math.floor(voice.attack * SAMPLE_RATE));
  const decay = Math.floor(0.12 * SAMPLE_RATE);
  for (let i = 0; i < held + release && first + i < mix.length; i++) {
    const t = i / SAMPLE_RATE;
    let env: number;
    if (i < attack) env = i / attack;
    else if (i < attack + decay) env = 1 - 0.35 * ((i - attack) / decay);
    else env = 0.65;
    if (i >= held) env *= 1 - (i - held) / release;
    const phase = (f * t) % 1;
    const sine = Math.sin(2 * Math.PI * phase);
    const triangle = 1 - 4 * Math.abs(phase - 0.5);
    // A little second harmonic warms the sine without the buzz of a square.
    const tone = (1 - voice.shape) * (sine + 0.15 * Math.sin(4 * Math.PI * phase)) + voice.shape * triangle;
    mix[first + i] = (mix[first + i] as number) + tone * env * voice.gain;
  }
}

const rhythms = [[1], [0.5, 0.5], [1.5, 0.5], [0.5, 1.5], [0.75, 0.25], [2]];

/** Renders the tune into normalised samples (-1…1). */
export function renderTune(tune: Tune): Float32Array {
  const beat = 60 / tune.tempo;
  const total = tune.bars * 4 * beat + 1;
  const mix = new Float32Array(Math.ceil(total * SAMPLE_RATE));
  const rand = random(tune.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const lead: Voice = { shape: tune.brightness, attack: 0.015, release: 0.18, gain: 0.5 };
  const bass: Voice = { shape: 0.8, attack: 0.01, release: 0.1, gain: 0.35 };
  const pad: Voice = { shape: 0, attack: 0.25, release: 0.5, gain: 0.09 };

  let degree = 7; // melody starts an octave above the root
  for (let bar = 0; bar < tune.bars; bar++) {
    const chord = tune.progression[bar % tune.progression.length] as number;
    const barStart = bar * 4 * beat;
    for (const tone of [0, 2, 4]) addNote(mix, noteOf(tune, chord + tone) - 12, barStart, 4 * beat * 0.95, pad);
    for (let b = 0; b < 4; b++) {
      if (tune.walkingBass || b % 2 === 0) {
        const step = tune.walkingBass ? [0, 2, 4, 2][b] : [0, 0, 4, 0][b];
        addNote(mix, noteOf(tune, chord + (step as number)) - 24, barStart + b * beat, beat * 0.8, bass);
      }
    }
    const lastBar = bar === tune.bars - 1;
    let at = 0;
    while (at < 4) {
      const pattern = lastBar && at >= 2 ? [4 - at] : pick(rhythms);
      for (const length of pattern) {
        if (at >= 4) break;
        const beats = Math.min(length, 4 - at);
        if (lastBar && at + beats >= 4)
          degree = 7; // end on the root
        else if (at === 0)
          degree = chord + 7 + pick([0, 2, 4]); // a chord tone on the downbeat
        else degree = Math.min(14, Math.max(3, degree + pick([-2, -1, -1, 0, 1, 1, 2]))); // mostly steps
        // A rest now and then lets the phrase breathe.
        if (at === 0 || lastBar || rand() > 0.12) {
          addNote(mix, noteOf(tune, degree), barStart + at * beat, beats * beat * 0.9, lead);
        }
        at += beats;
      }
    }
  }
  let peak = 0;
  for (const value of mix) peak = Math.max(peak, Math.abs(value));
  const scale = peak > 0 ? 0.85 / peak : 1;
  for (let i = 0; i < mix.length; i++) mix[i] = (mix[i] as number) * scale;
  return mix;
}

/** 16-bit PCM mono WAV bytes for samples in -1…1. */
export function encodeWav(samples: Float32Array, sampleRate = SAMPLE_RATE): Buffer {
  const data = samples.length * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVE', 8, 'latin1');
  wav.write('fmt ', 12, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(data, 40);
  const pcm = new DataView(wav.buffer, wav.byteOffset + 44, data);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] as number));
    pcm.setInt16(i * 2, Math.round(s * 32767), true);
  }
  return wav;
}

export const synthesizeWav = (tune: Tune): Buffer => encodeWav(renderTune(tune));

/** Length in seconds of a tune as rendered (the bars plus a one-second tail). */
export const tuneSeconds = (tune: Tune): number => (tune.bars * 4 * 60) / tune.tempo + 1;
