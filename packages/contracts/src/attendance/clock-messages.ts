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

/** The kiosk's own answers beyond the spec's (the front end translates them by their English text). */
export const kioskMessages = {
  wrongIdOrPin: 'Wrong ID or PIN',
  pinAccepted: 'PIN accepted!',
  faceUnavailable: 'Face recognition is busy; please try again or enter your PIN.',
  faceNeedsRegisteredKiosk: 'Face recognition works only at a registered kiosk; please enter your ID and PIN.',
  ticketInvalid: 'This clock ticket is not valid; please identify again.',
  ticketExpired: 'This clock ticket has expired; please identify again.',
  ticketElsewhere: 'This clock ticket was issued to another device; please identify again.',
  ticketSpent: 'This clock ticket has already been used; please identify again.',
} as const;

/** A message with its {time} placeholder filled. */
export function clockMessage(key: ClockMessage, time?: string): string {
  return clockMessages[key].replace('{time}', time ?? '');
}
