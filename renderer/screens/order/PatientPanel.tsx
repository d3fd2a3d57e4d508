// The patient: age, minor and guardian, allergies and other risk factors (read after the order, not blocking it).
import type { Patient } from '../../../contract/service/patients.ts';
import { groupRiskFactors, patientFacts, patientFlags } from '../../format/patient-facts.ts';
import { formatDay } from '../../format/service-values.ts';
import { useRiskFactors } from '../../queries/patients.ts';
import { messageOf } from '../../queries/station.ts';
import { Panel, PanelNote } from './Panel.tsx';
import { orderWords } from './wording.ts';

function RiskList({ title, names, kind }: { title: string; names: string[]; kind: string }) {
  return (
    <>
      <dt>{title}</dt>
      <dd>
        {names.length === 0 ? (
          <span className="muted">{orderWords.patient.noneOnFile}</span>
        ) : (
          <ul className="order-risks" aria-label={title}>
            {names.map((name) => (
              <li key={name} className={`order-risk order-risk-${kind}`}>
                {name}
              </li>
            ))}
          </ul>
        )}
      </dd>
    </>
  );
}

/** Rows of the patient's facts list: risk factors arrive after the order, so they say so while they load. */
function RiskFactors({ patientId }: { patientId: string }) {
  const risks = useRiskFactors(patientId);
  if (risks.isPending || !risks.data) {
    return (
      <>
        <dt>{orderWords.patient.allergies}</dt>
        <dd>
          {risks.isPending ? (
            <span className="muted">{orderWords.patient.readingRisks}</span>
          ) : (
            <span className="order-note-failed">{orderWords.patient.risksNotRead(messageOf(risks.error))}</span>
          )}
        </dd>
      </>
    );
  }
  const groups = groupRiskFactors(risks.data);
  return (
    <>
      <RiskList title={orderWords.patient.allergies} names={groups.allergies} kind="allergy" />
      <RiskList title={orderWords.patient.conditions} names={groups.conditions} kind="condition" />
      <RiskList title={orderWords.patient.medications} names={groups.medications} kind="medication" />
      {groups.other.length ? <RiskList title={orderWords.patient.other} names={groups.other} kind="other" /> : null}
    </>
  );
}

export function PatientPanel({ patient }: { patient: Patient | null | undefined }) {
  if (!patient) {
    return (
      <Panel id="order-patient" title={orderWords.patient.title}>
        <PanelNote failed>{orderWords.patient.noPatient}</PanelNote>
      </Panel>
    );
  }
  const facts = patientFacts(patient, new Date());
  const born = formatDay(patient.date_of_birth);
  const flags = patientFlags(patient);
  const guardian = facts.guardian;
  return (
    <Panel id="order-patient" title={orderWords.patient.title}>
      <dl className="order-facts">
        <dt>{orderWords.patient.name}</dt>
        <dd>{facts.name}</dd>
        <dt>{orderWords.patient.born}</dt>
        <dd>
          {born ?? orderWords.patient.notOnFile}
          {facts.age !== null ? <span className="muted">{orderWords.patient.years(facts.age)}</span> : null}
        </dd>
        {flags.length ? (
          <>
            <dt>{orderWords.patient.also}</dt>
            <dd>{flags.join(', ')}</dd>
          </>
        ) : null}
        {facts.minor || guardian ? (
          <>
            <dt>{orderWords.patient.guardian}</dt>
            <dd>
              {guardian ? (
                <>
                  {guardian.name ?? orderWords.patient.guardianNameMissing}
                  {guardian.relationship ? <span className="muted"> ({guardian.relationship})</span> : null}
                  {guardian.phone || guardian.email ? (
                    <span className="order-guardian-contact">
                      {[guardian.phone, guardian.email].filter(Boolean).join(' · ')}
                    </span>
                  ) : null}
                </>
              ) : (
                <span className="muted">{orderWords.patient.noneOnFile}</span>
              )}
            </dd>
          </>
        ) : null}
        <RiskFactors patientId={patient.id} />
      </dl>
      {facts.guardianMissing ? <p className="notice notice-bad">{orderWords.patient.guardianMissing}</p> : null}
    </Panel>
  );
}
