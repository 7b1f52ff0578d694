//! The model of what was sent and acknowledged: per application, what must be there and what may be.

use crate::*;

#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    pub(crate) name: String,
    pub(crate) email: String,
    pub(crate) resume_bytes: usize,
    pub(crate) owner: usize,
}

/// One application: what is certain (acknowledged, or found after a
/// restart) and what is pending (sent, unanswered, not yet resolved).
#[derive(Debug)]
pub(crate) struct ApplicationModel {
    pub(crate) candidate: Candidate,
    pub(crate) stage: String,
    pub(crate) stage_pending: Vec<String>,
    pub(crate) tags: BTreeMap<String, String>,
    pub(crate) tags_pending: BTreeMap<String, String>,
    pub(crate) comments: Vec<String>,
    pub(crate) comments_pending: Vec<String>,
    pub(crate) runs: u64,
    pub(crate) runs_pending: u64,
    /// What readers saw before a kill: must survive it.
    pub(crate) seen_tags: BTreeSet<String>,
    pub(crate) seen_comments: BTreeSet<String>,
    pub(crate) seen_runs: u64,
}

impl ApplicationModel {
    pub(crate) fn new(candidate: Candidate, first_stage: &str) -> Self {
        ApplicationModel {
            candidate,
            stage: first_stage.to_owned(),
            stage_pending: Vec::new(),
            tags: BTreeMap::new(),
            tags_pending: BTreeMap::new(),
            comments: Vec::new(),
            comments_pending: Vec::new(),
            runs: 1,
            runs_pending: 0,
            seen_tags: BTreeSet::new(),
            seen_comments: BTreeSet::new(),
            seen_runs: 0,
        }
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Tally {
    pub(crate) intakes: u64,
    pub(crate) stages: u64,
    pub(crate) tags: u64,
    pub(crate) comments: u64,
    pub(crate) reruns: u64,
}

impl Tally {
    pub(crate) fn total(&self) -> u64 {
        self.intakes + self.stages + self.tags + self.comments + self.reruns
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            formatter,
            "{} (intake {}, stage {}, tags {}, comments {}, reruns {})",
            self.total(),
            self.intakes,
            self.stages,
            self.tags,
            self.comments,
            self.reruns
        )
    }
}

#[derive(Default)]
pub(crate) struct Model {
    pub(crate) stages: Vec<String>,
    pub(crate) applications: BTreeMap<String, ApplicationModel>,
    /// Application IDs, for readers picking one at random.
    pub(crate) ids: Vec<String>,
    /// Per writer task, the applications it alone writes to.
    pub(crate) owned: Vec<Vec<String>>,
    /// Intakes sent but unanswered, by (unique) candidate name.
    pub(crate) intakes_pending: BTreeMap<String, Candidate>,
    /// Applications readers saw listed before a kill.
    pub(crate) seen_application_ids: BTreeSet<String>,
    pub(crate) acknowledged: Tally,
    /// Requests left unanswered (in flight at the kill or sent after it).
    pub(crate) unanswered: u64,
    /// Of those, writes found applied after the restart.
    pub(crate) unanswered_found_applied: u64,
    pub(crate) reads: u64,
    /// Replies the server should never have given.
    pub(crate) failures: Vec<String>,
    pub(crate) sequence: u64,
    /// Keyed writes left unanswered at the kill: retried with their keys
    /// after the restart (see `retry`).
    pub(crate) keyed_pending: Vec<KeyedWrite>,
    /// Per writer task, its last acknowledged keyed comment and the reply's
    /// data: retried after the restart, it must answer the same again.
    pub(crate) keyed_acknowledged: BTreeMap<usize, (KeyedWrite, Value)>,
    pub(crate) retried: RetryTally,
}

/// A write sent with an `Idempotency-Key`.
#[derive(Clone, Debug)]
pub(crate) struct KeyedWrite {
    pub(crate) application_id: String,
    pub(crate) path: String,
    pub(crate) key: String,
    /// The comment's JSON body; `None` for a rerun.
    pub(crate) body: Option<Value>,
}

impl KeyedWrite {
    pub(crate) fn comment(application_id: &str, key: &str, text: &str) -> KeyedWrite {
        KeyedWrite {
            application_id: application_id.to_owned(),
            path: format!("/api/v1/applications/{application_id}/comments"),
            key: key.to_owned(),
            body: Some(json!({ "text": text })),
        }
    }

    pub(crate) fn rerun(application_id: &str, key: &str) -> KeyedWrite {
        KeyedWrite {
            application_id: application_id.to_owned(),
            path: format!("/api/v1/applications/{application_id}/ats/rerun"),
            key: key.to_owned(),
            body: None,
        }
    }

    pub(crate) fn method(&self) -> awc::http::Method {
        awc::http::Method::POST
    }

    /// The comment's text, for a comment.
    pub(crate) fn comment_text(&self) -> Option<&str> {
        self.body.as_ref().and_then(|body| body["text"].as_str())
    }
}

/// What the retries after the restarts found.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RetryTally {
    /// Unanswered keyed writes whose retry replayed: applied before the kill.
    pub(crate) pending_replayed: u64,
    /// Unanswered keyed writes whose retry applied them: lost with the kill.
    pub(crate) pending_applied_now: u64,
    /// Unanswered reruns whose retry was refused (the run before was still
    /// going), so neither attempt had an effect.
    pub(crate) pending_refused: u64,
    /// Acknowledged keyed comments retried, each replayed.
    pub(crate) acknowledged_replayed: u64,
}

impl Model {
    pub(crate) fn next_sequence(&mut self) -> u64 {
        self.sequence += 1;
        self.sequence
    }

    pub(crate) fn add_application(&mut self, id: String, candidate: Candidate) {
        let owner = candidate.owner;
        let first_stage = self.stages[0].clone();
        self.applications.insert(id.clone(), ApplicationModel::new(candidate, &first_stage));
        self.owned[owner].push(id.clone());
        self.ids.push(id);
    }

    pub(crate) fn application(&mut self, id: &str) -> &mut ApplicationModel {
        self.applications.get_mut(id).expect("the model knows every application it hands out")
    }
}

/// How a write's reply settles it.
pub(crate) enum Settled {
    Acknowledged(Value),
    /// A 4xx: refused, so it must have left no trace.
    Refused(u16, Value),
    /// No reply, or a 5xx: it may or may not have been applied.
    Unknown,
}

pub(crate) fn settle(model: &mut Model, what: &str, outcome: Outcome) -> Settled {
    match outcome {
        Outcome::Answered { status, mut body } if (200..300).contains(&status) => {
            Settled::Acknowledged(body["data"].take())
        }
        Outcome::Answered { status, body } if status < 500 => Settled::Refused(status, body),
        Outcome::Answered { status, body } => {
            model.failures.push(format!("{what} answered {status}: {body}"));
            model.unanswered += 1;
            Settled::Unknown
        }
        Outcome::Unanswered(_) => {
            model.unanswered += 1;
            Settled::Unknown
        }
    }
}
