import type { Exercise, Lesson, Stage } from './exercise.ts';
import { DAI } from './stages/dai.ts';
import { ENDINGS } from './stages/endings.ts';
import { HEISEI } from './stages/heisei.ts';
import { JUMPERS } from './stages/jumpers.ts';
import { LION } from './stages/lion.ts';
import { LION_TRADING } from './stages/lionTrading.ts';
import { OPENINGS } from './stages/openings.ts';
import { PROMOTION } from './stages/promotion.ts';
import { ROYAL_HUNT } from './stages/royalHunt.ts';
import { SLIDERS } from './stages/sliders.ts';
import { STEPPERS } from './stages/steppers.ts';

/** Every stage, in the order a new player meets them. */
export const STAGES: readonly Stage[] = [STEPPERS, SLIDERS, JUMPERS, LION, PROMOTION, LION_TRADING, ENDINGS, OPENINGS, ROYAL_HUNT, HEISEI, DAI];

export const LESSONS: readonly Lesson[] = STAGES.flatMap((s) => s.lessons);
export const EXERCISES: readonly Exercise[] = LESSONS.flatMap((l) => l.exercises);

const BY_ID = new Map(EXERCISES.map((e) => [e.id, e]));
export const exerciseById = (id: string): Exercise | undefined => BY_ID.get(id);
