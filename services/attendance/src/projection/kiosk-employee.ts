/**
 * An employee as the kiosk knows them: who they are (name, company, status) is the directory's row,
 * kiosk_identities adds the photo's thumbnail.
 */
export interface KioskEmployee {
  employeeId: string;
  companyId: string;
  firstName: string;
  lastName: string;
  employmentStatus: string;
  hasImage: boolean;
  /** The enrolled photo's WebP thumbnail, if people sent one. */
  thumbnail: Buffer | null;
}
