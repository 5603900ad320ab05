import type { ArrivalStatus, DepartureStatus } from '@ams/contracts';
import { atom } from 'jotai';

export interface AttendanceListFilters {
  from: string;
  to: string;
  arrivalStatus: ArrivalStatus | '';
  departureStatus: DepartureStatus | '';
  search: string;
  page: number;
}

export const defaultAttendanceListFilters: AttendanceListFilters = { from: '', to: '', arrivalStatus: '', departureStatus: '', search: '', page: 1 };

/**
 * The list's range, filters and page survive a visit to a day's edit form and back. They belong to the user
 * who set them: another account signing in on this tab starts from the defaults.
 */
export const attendanceListFiltersAtom = atom<{ owner: string | null; filters: AttendanceListFilters }>({ owner: null, filters: defaultAttendanceListFilters });
