import { RecordPage } from '@/features/organisation/components/record-page';
import { recordTypes } from '@/features/organisation/record-types';

/** Spec §2 /company, /department, /jobtitle, /leavetype and /leavegroup: one screen, five record types. */
export const CompanyPage = () => <RecordPage type={recordTypes.companies} />;
export const DepartmentPage = () => <RecordPage type={recordTypes.departments} />;
export const JobTitlePage = () => <RecordPage type={recordTypes.jobTitles} />;
export const LeaveTypePage = () => <RecordPage type={recordTypes.leaveTypes} />;
export const LeaveGroupPage = () => <RecordPage type={recordTypes.leaveGroups} />;
