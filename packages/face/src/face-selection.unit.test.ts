import { describe, expect, it } from 'vitest';
import { MIN_DETECTION_SCORE, selectFace, type DetectedFace } from './face-selection.ts';

function face(x: number, width: number, detectionScore = 0.85): DetectedFace {
  return { box: { x, y: 100, width, height: width }, detectionScore };
}

describe('selectFace', () => {
  it('finds no face in an empty detection', () => {
    expect(selectFace([])).toEqual({ kind: 'no-face' });
  });

  it('ignores detections below the minimum detector score, such as hair or a half face at the edge', () => {
    expect(selectFace([face(0, 300, MIN_DETECTION_SCORE - 0.01)])).toEqual({ kind: 'no-face' });
    expect(selectFace([face(0, 300, MIN_DETECTION_SCORE)])).toEqual({ kind: 'one-face', index: 0 });
  });

  it('keeps a portrait with a small face in the background as one face, the large one', () => {
    expect(selectFace([face(500, 60), face(100, 320)])).toEqual({ kind: 'one-face', index: 1 });
  });

  it('calls two faces of similar size several faces', () => {
    expect(selectFace([face(0, 300), face(400, 200)])).toEqual({ kind: 'several-faces', count: 2 });
  });

  it('counts only the faces near the size of the largest', () => {
    expect(selectFace([face(0, 200), face(300, 190), face(600, 170), face(900, 40)])).toEqual({ kind: 'several-faces', count: 3 });
  });

  it('takes the subject among confident faces only, even when a doubtful detection is larger', () => {
    expect(selectFace([face(0, 400, 0.2), face(500, 150)])).toEqual({ kind: 'one-face', index: 1 });
  });
});
