//! Retries after a kill, as a client that cannot tell whether its write
//! happened would make them: every keyed write left unanswered at the kill
//! is sent again with its `Idempotency-Key`, and so is each writer's last
//! acknowledged keyed comment. Exactly once, whatever the kill cut:
//!
//! - an unanswered write that was applied and logged before the kill must
//!   replay (`Idempotent-Replayed: true`); one that was not must be applied
//!   now; a rerun may also be refused, when the run before it is still
//!   going, which proves neither attempt took effect;
//! - an acknowledged comment must replay its first answer.
//!
//! The model takes each retried write as settled, so `verify` then finds a
//! second copy of any of them (a thread is compared comment by comment, the
//! envelope against the runs, notifications against the comments).

use crate::*;

pub(crate) async fn retry_keyed_writes(directory: &TestDirectory, api: &Api, model: &RefCell<Model>, when: &str) {
    let (pending, acknowledged) = {
        let mut model = model.borrow_mut();
        (std::mem::take(&mut model.keyed_pending), std::mem::take(&mut model.keyed_acknowledged))
    };
    for write in pending {
        let (status, data, replayed) = send(directory, api, &write, when).await;
        let mut model = model.borrow_mut();
        let application = model.application(&write.application_id);
        match (write.comment_text(), status) {
            (Some(text), 201) if data["comment"]["text"] == text => {
                application.comments_pending.retain(|pending| pending != text);
                application.comments.push(text.to_owned());
            }
            (None, 200) if data["queued"] == true && data["fitScoresCharged"] == 1 => {
                application.runs_pending -= 1;
                application.runs += 1;
            }
            (None, 400) if !replayed => {
                application.runs_pending -= 1;
                model.retried.pending_refused += 1;
                continue;
            }
            _ => directory.fail(&format!(
                "{when}: the retry of unanswered {} {} answered {status}: {data}",
                write.path, write.key
            )),
        }
        if replayed {
            model.retried.pending_replayed += 1;
        } else {
            model.retried.pending_applied_now += 1;
        }
    }
    for (write, first_data) in acknowledged.into_values() {
        let (status, data, replayed) = send(directory, api, &write, when).await;
        if status != 201 || !replayed || data != first_data {
            directory.fail(&format!(
                "{when}: the retry of acknowledged comment {} answered {status} (replayed: {replayed}) with {data}; \
                 the first answer was {first_data}",
                write.key
            ));
        }
        model.borrow_mut().retried.acknowledged_replayed += 1;
    }
}

/// Sends a keyed write again; it must be answered now that the server is up.
async fn send(directory: &TestDirectory, api: &Api, write: &KeyedWrite, when: &str) -> (u16, Value, bool) {
    let url = api.url(&write.path);
    let auth = Auth::Key(&api.key);
    match call_keyed(&api.client, write.method(), &url, auth, write.body.as_ref(), Some(&write.key)).await {
        (Outcome::Answered { status, mut body }, replayed) => (status, body["data"].take(), replayed),
        (Outcome::Unanswered(error), _) => {
            directory.fail(&format!("{when}: the retry of {} {} was not answered: {error}", write.path, write.key))
        }
    }
}
