/**
 * Rules of the contracts that protobuf cannot state, in one place for every side that checks them: the owning
 * service enforces them, the gateway checks them at the edge with the same words (no service imports another).
 */

/** A media prediction's confidence (questions.v1 MediaPrediction.confidence): a whole number from 0 to 100. */
export const PREDICTION_CONFIDENCE = {
  min: 0,
  max: 100,
  message: 'Confidence must be a whole number from 0 to 100',
} as const;
