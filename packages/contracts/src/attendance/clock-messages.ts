/** Spec §8 clock refusals and messages, word for word ({time} is filled in). */
export const clockMessages = {
  alreadyCheckedIn: 'The employee has already checked in today at {time}',
  noActiveSchedule: 'No active schedule found for this employee.',
  restDayToday: 'Today is a rest day for this employee.',
  restDayOn: 'This day {time} is a rest day for this employee.',
  noAttendanceData: 'No attendance data for this employee.',
  alreadyLeft: 'This employee has already left work.',
  breakAlreadyTaken: 'This employee has already taken a break.',
  breakNotStarted: 'This employee did not start a break.',
  onBreak: 'This employee is currently on a break.',
  breakAlreadyFinished: 'This employee has already finished their break.',
  recorded: 'Recorded successfully!',
  faceRecognized: 'Face recognized!',
  faceNotRecognized: 'Face not recognized, please enter your PIN.',
  enterTime: 'You must enter the time.',
  writeReason: 'Please write the reason',
  noAttendanceFound: 'No attendance found!',
  accessDenied: 'Access Denied! You do not have permission to visit this page.',
} as const;

export type ClockMessage = keyof typeof clockMessages;

/** A message with its {time} placeholder filled. */
export function clockMessage(key: ClockMessage, time?: string): string {
  return clockMessages[key].replace('{time}', time ?? '');
}
