// A patients row as stored: the columns, with the rarely-queried fields in the `doc` JSON.
export interface PatientRow {
  id: string;
  external_id: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  date_of_birth: string;
  gender: string | null;
  email: string | null;
  phone: string | null;
  is_active: number;
  doc: string;
  created_at: string;
  updated_at: string;
}
