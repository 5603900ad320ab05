/** Anything that calls the product's API as one signed-in user (the browser tier's client, the drill's gateway client). */
export interface ApiCaller {
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
}

export interface Created {
  id: string;
}

/** What an employee needs before people accepts them. */
export interface Workplace {
  companyId: string;
  departmentId: string;
  jobTitleId: string;
  leaveGroupId: string;
}

/** Company → department → job title → leave type → leave group, named after `suffix`. */
export async function createWorkplace(api: ApiCaller, suffix: string): Promise<Workplace> {
  const company = await api.call<Created>('POST', 'companies', { name: `Works ${suffix}` });
  const department = await api.call<Created>('POST', 'departments', { name: `Floor ${suffix}`, companyId: company.id });
  const jobTitle = await api.call<Created>('POST', 'job-titles', { name: `Operator ${suffix}`, departmentId: department.id, companyId: company.id });
  const leaveType = await api.call<Created>('POST', 'leave-types', { name: `Holiday ${suffix}`, companyId: company.id });
  const leaveGroup = await api.call<Created>('POST', 'leave-groups', {
    name: `Shift ${suffix}`,
    description: 'Staff',
    privileges: [leaveType.id],
    status: 'active',
    companyId: company.id,
  });
  return { companyId: company.id, departmentId: department.id, jobTitleId: jobTitle.id, leaveGroupId: leaveGroup.id };
}
