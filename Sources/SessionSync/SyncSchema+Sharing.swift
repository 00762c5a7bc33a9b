/// The part of the sync schema that says who reads what: shares, plans queued for an
/// athlete, row-level security and grants, the notifications that wake sessiond-sync,
/// and the views. Version 2 added it whole, so it is also what an upgrade from
/// version 1 adds.
extension SyncSchema {
    /// The records a coach reads: those of the athletes who shared with them, but for
    /// the shares themselves (whom else the athlete shares with is not theirs to read).
    static let coachReads = """
        entity <> 'share' AND EXISTS (SELECT FROM sessiond_share s WHERE s.athlete = sessiond_record.athlete AND s.coach = current_user AND NOT s.revoked)
        """

    /// A coach's plans for an athlete: their own, for an athlete who shares with them.
    static let coachPlans = """
        created_by = current_user AND EXISTS (SELECT FROM sessiond_share s WHERE s.athlete = sessiond_plan.athlete AND s.coach = current_user AND NOT s.revoked)
        """

    /// An athlete's plans: they read those queued for them, queue their own under their
    /// own name (a plan naming its coach as its author would be delivered, and shown to
    /// that coach, as the coach's), and mark the delivery of any queued for them.
    static let athletePlans = """
        CREATE POLICY athlete_own ON sessiond_plan FOR SELECT TO sessiond_athlete USING (athlete = current_user);
        CREATE POLICY athlete_queues ON sessiond_plan FOR INSERT TO sessiond_athlete
            WITH CHECK (athlete = current_user AND created_by = current_user);
        CREATE POLICY athlete_marks ON sessiond_plan FOR UPDATE TO sessiond_athlete
            USING (athlete = current_user) WITH CHECK (athlete = current_user);
        """

    /// What version 5 changes of a database of version 2, 3 or 4: an athlete's plans
    /// are their own by author as well as by athlete (`athletePlans`).
    static let ownAuthorship = """
        DROP POLICY athlete_own ON sessiond_plan;
        \(athletePlans)
        """

    /// What an athlete may write: SELECT and INSERT, and UPDATE of the columns their
    /// writes change only. A table-level UPDATE or DELETE would let them LOCK TABLE, in
    /// any mode, and so stall every other athlete's pushes, deliveries and shares; with
    /// INSERT the strongest is ROW EXCLUSIVE, which others' reads and writes do not wait
    /// for. (Grants cannot keep a role from queueing DDL it may not run, which makes
    /// later lockers wait behind it while an open transaction holds the table: sessiond-
    /// sync bounds every wait, `Syncer.lockTimeoutSeconds`.) Nothing is ever deleted: a
    /// share taken back is marked (`revoked`), a record's deletion is its tombstone.
    static let athleteGrants = """
        REVOKE UPDATE, DELETE ON sessiond_record, sessiond_share, sessiond_plan FROM sessiond_athlete;
        GRANT SELECT, INSERT ON sessiond_record, sessiond_share, sessiond_plan TO sessiond_athlete;
        GRANT UPDATE (hlc, deleted, data, device, seq) ON sessiond_record TO sessiond_athlete;
        GRANT UPDATE (revoked, created_at) ON sessiond_share TO sessiond_athlete;
        GRANT UPDATE (delivered_at, plan_id, error) ON sessiond_plan TO sessiond_athlete;
        """

    /// What version 4 changes of a database of version 2 or 3: shares taken back are
    /// marked, not deleted, and the grants are `athleteGrants`.
    static let markedShares = """
        GRANT UPDATE (athlete) ON sessiond_channel TO sessiond_athlete;
        ALTER TABLE sessiond_share ADD COLUMN revoked boolean NOT NULL DEFAULT false;
        ALTER POLICY coach_shared ON sessiond_record USING (\(coachReads));
        ALTER POLICY coach_own ON sessiond_share USING (coach = current_user AND NOT revoked);
        ALTER POLICY coach_reads ON sessiond_plan USING (\(coachPlans));
        ALTER POLICY coach_writes ON sessiond_plan WITH CHECK (\(coachPlans));
        \(athleteGrants)
        """

    /// Wake-ups: the athlete whose records or plans changed is notified on a channel of
    /// their own, named by a secret only they (and the schema's owner) read, with nothing
    /// in the payload: anyone may LISTEN on any channel, and a channel named after the
    /// athlete, or their name in a shared one, told every other role when they trained.
    /// `sessiond-sync` asks for its channel (`SyncSchema.wakeUpChannel`). The trigger
    /// function runs as the schema's owner, to read the secret; it names the table by
    /// the schema of the table that fired it, searches nothing else, and no other role
    /// may call it (a trigger of one's own on it would wake any athlete at will). Row
    /// security is not forced on the owner, who may be no superuser. The athlete's row
    /// is also the lock their pushes take turns by (`Syncer.takeTurn`): UPDATE of its
    /// `athlete` column, which the policy keeps their own, is what a row lock needs.
    static let wakeUps = """
        CREATE TABLE sessiond_channel (
            athlete name PRIMARY KEY DEFAULT current_user,
            channel text NOT NULL DEFAULT 'sessiond_' || replace(gen_random_uuid()::text, '-', '')
        );
        ALTER TABLE sessiond_channel ENABLE ROW LEVEL SECURITY;
        CREATE POLICY athlete_own ON sessiond_channel TO sessiond_athlete
            USING (athlete = current_user) WITH CHECK (athlete = current_user);
        GRANT SELECT, INSERT ON sessiond_channel TO sessiond_athlete;
        GRANT UPDATE (athlete) ON sessiond_channel TO sessiond_athlete;
        CREATE OR REPLACE FUNCTION sessiond_notify() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
            SET search_path = pg_catalog, pg_temp AS $$
        DECLARE
            secret text;
        BEGIN
            EXECUTE format('SELECT channel FROM %I.sessiond_channel WHERE athlete = $1', TG_TABLE_SCHEMA) INTO secret USING NEW.athlete;
            IF secret IS NOT NULL THEN
                PERFORM pg_notify(secret, '');
            END IF;
            RETURN NULL;
        END
        $$;
        REVOKE ALL ON FUNCTION sessiond_notify() FROM PUBLIC;
        """

    /// The SQL, run inside the schema's transaction after the tables.
    static let sharing = """
        GRANT SELECT ON sessiond_schema TO sessiond_athlete, sessiond_coach;
        GRANT USAGE ON SEQUENCE sessiond_record_seq TO sessiond_athlete;
        CREATE INDEX sessiond_record_by_session ON sessiond_record (athlete, (data->>'sessionUid')) WHERE entity = 'set';

        -- Who may read whose records: written by the athlete (sessionctl sync share ROLE).
        CREATE TABLE sessiond_share (
            athlete name NOT NULL DEFAULT current_user,
            coach name NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now(),   -- when shared, or shared again
            revoked boolean NOT NULL DEFAULT false,          -- taken back (sessionctl sync unshare)
            PRIMARY KEY (athlete, coach)
        );
        CREATE INDEX sessiond_share_by_coach ON sessiond_share (coach, athlete);

        -- Plans a coach or a planner backend wrote for an athlete, delivered to the
        -- athlete's daemon by their sessiond-sync (plan.import), or refused with its error.
        CREATE TABLE sessiond_plan (
            athlete name NOT NULL,
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            body jsonb NOT NULL,                     -- the plan as sessionctl plan import takes it
            created_by name NOT NULL DEFAULT current_user,
            created_at timestamptz NOT NULL DEFAULT now(),
            delivered_at timestamptz,                -- when the daemon stored and activated it
            plan_id bigint,                          -- its id in the daemon
            error text,                              -- why the daemon refused it: never offered again
            CHECK (delivered_at IS NULL OR error IS NULL)
        );
        CREATE INDEX sessiond_plan_waiting ON sessiond_plan (athlete, id) WHERE delivered_at IS NULL AND error IS NULL;

        ALTER TABLE sessiond_record ENABLE ROW LEVEL SECURITY;
        ALTER TABLE sessiond_record FORCE ROW LEVEL SECURITY;
        CREATE POLICY athlete_own ON sessiond_record TO sessiond_athlete
            USING (athlete = current_user) WITH CHECK (athlete = current_user);
        CREATE POLICY coach_shared ON sessiond_record FOR SELECT TO sessiond_coach
            USING (\(coachReads));
        GRANT SELECT ON sessiond_record TO sessiond_coach;

        ALTER TABLE sessiond_share ENABLE ROW LEVEL SECURITY;
        ALTER TABLE sessiond_share FORCE ROW LEVEL SECURITY;
        CREATE POLICY athlete_own ON sessiond_share TO sessiond_athlete
            USING (athlete = current_user) WITH CHECK (athlete = current_user);
        CREATE POLICY coach_own ON sessiond_share FOR SELECT TO sessiond_coach USING (coach = current_user AND NOT revoked);
        GRANT SELECT ON sessiond_share TO sessiond_coach;

        ALTER TABLE sessiond_plan ENABLE ROW LEVEL SECURITY;
        ALTER TABLE sessiond_plan FORCE ROW LEVEL SECURITY;
        \(athletePlans)
        CREATE POLICY coach_reads ON sessiond_plan FOR SELECT TO sessiond_coach USING (\(coachPlans));
        CREATE POLICY coach_writes ON sessiond_plan FOR INSERT TO sessiond_coach WITH CHECK (\(coachPlans));
        GRANT SELECT, INSERT ON sessiond_plan TO sessiond_coach;
        \(athleteGrants)

        \(wakeUps)
        CREATE TRIGGER sessiond_record_notify AFTER INSERT OR UPDATE ON sessiond_record
            FOR EACH ROW EXECUTE FUNCTION sessiond_notify();
        CREATE TRIGGER sessiond_plan_notify AFTER INSERT ON sessiond_plan
            FOR EACH ROW EXECUTE FUNCTION sessiond_notify();

        \(SyncViews.sql)
        """
}
