//! The workload: writer tasks that own disjoint applications, and reader tasks that remember what they saw.

use crate::*;

pub(crate) struct Workload {
    pub(crate) api: Api,
    pub(crate) job_id: String,
    pub(crate) cycle: usize,
    pub(crate) model: Rc<RefCell<Model>>,
    pub(crate) stop: Cell<bool>,
    /// Woken after every write a writer sees settled, and at the stop: what
    /// paces the readers and tells the test when to kill.
    pub(crate) progress: tokio::sync::Notify,
}

impl Workload {
    pub(crate) async fn send(&self, method: awc::http::Method, path: &str, body: Option<&Value>) -> Outcome {
        call(&self.api.client, method, &self.api.url(path), Auth::Key(&self.api.key), body).await
    }

    /// A write with an `Idempotency-Key`, so that it can be retried safely.
    pub(crate) async fn send_keyed(&self, write: &KeyedWrite) -> Outcome {
        let url = self.api.url(&write.path);
        let auth = Auth::Key(&self.api.key);
        call_keyed(&self.api.client, write.method(), &url, auth, write.body.as_ref(), Some(&write.key)).await.0
    }
}

pub(crate) fn resume_text(name: &str, email: &str, sequence: u64, rng: &mut StdRng) -> String {
    let mut text = format!(
        "{name}\n{email}\n\nSUMMARY\nBackend engineer, reference {sequence}.\n\nSKILLS\nRust, PostgreSQL, Kafka\n\n\
         EXPERIENCE\nSenior Engineer — Acme Corp\nJan 2018 – Present\n- Built Rust services on PostgreSQL\n"
    );
    for milestone in 0..rng.random_range(0..40) {
        text.push_str(&format!("- Delivered milestone {milestone} of the payments platform on schedule\n"));
    }
    text.push_str("\nEDUCATION\nB.Sc. Computer Science, University of Leeds, 2014\n");
    text
}

/// A unique comment: `label` first, then lines of words, some blank lines,
/// sometimes close to the 10,000-character limit; never edged with spaces.
pub(crate) fn comment_text(label: &str, rng: &mut StdRng) -> String {
    let mut text = format!("{label}: review notes");
    let long = rng.random_bool(0.05);
    let lines = if long { 120 } else { rng.random_range(0..6) };
    for _ in 0..lines {
        text.push('\n');
        if rng.random_bool(0.2) {
            text.push('\n');
        }
        for _ in 0..rng.random_range(1..40) {
            text.push_str(COMMENT_WORDS.choose(rng).expect("words"));
            text.push(' ');
        }
        text.push_str("end.");
    }
    if text.chars().count() > COMMENT_LENGTH_MAX {
        text = text.chars().take(COMMENT_LENGTH_MAX).collect::<String>().trim_end().to_owned();
    }
    text
}

pub(crate) fn new_candidate(model: &mut Model, cycle: usize, task: usize, rng: &mut StdRng) -> (Candidate, String) {
    let sequence = model.next_sequence();
    let name = format!("Crash Candidate {cycle}-{task}-{sequence}");
    let email = format!("candidate.{cycle}.{task}.{sequence}@example.com");
    let resume = resume_text(&name, &email, sequence, rng);
    (Candidate { name, email, resume_bytes: resume.len(), owner: task }, resume)
}

/// Careers-page apply; the application joins the writer's own set.
pub(crate) async fn intake(workload: &Workload, task: usize, rng: &mut StdRng) -> bool {
    let (candidate, resume) = {
        let mut model = workload.model.borrow_mut();
        let (candidate, resume) = new_candidate(&mut model, workload.cycle, task, rng);
        model.intakes_pending.insert(candidate.name.clone(), candidate.clone());
        (candidate, resume)
    };
    let body = json!({ "candidateName": candidate.name, "email": candidate.email, "resumeText": resume });
    let url = workload.api.url(&format!("/api/jobs/{}/applications", workload.job_id));
    let outcome = call(&workload.api.client, awc::http::Method::POST, &url, Auth::None, Some(&body)).await;
    let mut model = workload.model.borrow_mut();
    let what = format!("intake of {}", candidate.name);
    match settle(&mut model, &what, outcome) {
        Settled::Acknowledged(data) => {
            model.intakes_pending.remove(&candidate.name);
            model.acknowledged.intakes += 1;
            let application = &data["application"];
            let Some(id) = application["id"].as_str().map(str::to_owned) else {
                model.failures.push(format!("{what}: 2xx without an application id: {data}"));
                return true;
            };
            if application["candidateName"] != candidate.name.as_str()
                || application["stage"]["id"] != model.stages[0].as_str()
                || application["pipeline"]["run"] != 1
            {
                model.failures.push(format!("{what}: the reply is not the new application: {data}"));
            }
            model.add_application(id, candidate);
            true
        }
        Settled::Refused(status, body) => {
            model.intakes_pending.remove(&candidate.name);
            model.failures.push(format!("{what} was refused with {status}: {body}"));
            true
        }
        Settled::Unknown => false,
    }
}

pub(crate) async fn move_stage(workload: &Workload, application_id: &str, rng: &mut StdRng) -> bool {
    let stage = {
        let mut model = workload.model.borrow_mut();
        let stage = model.stages.choose(rng).expect("the job has stages").clone();
        model.application(application_id).stage_pending.push(stage.clone());
        stage
    };
    let path = format!("/api/v1/applications/{application_id}/stage");
    let outcome = workload.send(awc::http::Method::PATCH, &path, Some(&json!({ "stage": stage }))).await;
    let mut model = workload.model.borrow_mut();
    let what = format!("stage move of {application_id} to {stage}");
    match settle(&mut model, &what, outcome) {
        Settled::Acknowledged(data) => {
            model.acknowledged.stages += 1;
            let application = model.application(application_id);
            application.stage = stage.clone();
            application.stage_pending.clear();
            if data["application"]["jobStageId"] != stage.as_str() {
                model.failures.push(format!("{what}: the reply shows another stage: {data}"));
            }
            true
        }
        Settled::Refused(status, body) => {
            model.application(application_id).stage_pending.clear();
            model.failures.push(format!("{what} was refused with {status}: {body}"));
            true
        }
        Settled::Unknown => false,
    }
}

/// Form A, adding one to three tags no one has used before (never removing).
pub(crate) async fn add_tags(workload: &Workload, task: usize, application_id: &str, rng: &mut StdRng) -> bool {
    let (names, colour) = {
        let mut model = workload.model.borrow_mut();
        let count = rng.random_range(1..=3);
        let names: Vec<String> =
            (0..count).map(|_| format!("t{}-{task}-{}", workload.cycle, model.next_sequence())).collect();
        let colour = TAG_COLOURS.choose(rng).expect("colours").to_string();
        let application = model.application(application_id);
        for name in &names {
            application.tags_pending.insert(name.clone(), colour.clone());
        }
        (names, colour)
    };
    let path = format!("/api/v1/applications/{application_id}/tags");
    let body = json!({ "add": names, "color": colour });
    let outcome = workload.send(awc::http::Method::PATCH, &path, Some(&body)).await;
    let mut model = workload.model.borrow_mut();
    let what = format!("tags {names:?} on {application_id}");
    match settle(&mut model, &what, outcome) {
        Settled::Acknowledged(data) => {
            model.acknowledged.tags += 1;
            let application = model.application(application_id);
            for name in &names {
                application.tags_pending.remove(name);
                application.tags.insert(name.clone(), colour.clone());
            }
            let expected: BTreeMap<String, String> = application.tags.clone();
            if tag_map(&data["application"]["tags"]) != Some(expected) {
                model.failures.push(format!("{what}: the reply's tags are not the acknowledged ones: {data}"));
            }
            true
        }
        Settled::Refused(status, body) => {
            let application = model.application(application_id);
            for name in &names {
                application.tags_pending.remove(name);
            }
            model.failures.push(format!("{what} was refused with {status}: {body}"));
            true
        }
        Settled::Unknown => false,
    }
}

pub(crate) async fn add_comment(workload: &Workload, task: usize, application_id: &str, rng: &mut StdRng) -> bool {
    let text = {
        let mut model = workload.model.borrow_mut();
        let label = format!("c{}-{task}-{}", workload.cycle, model.next_sequence());
        let text = comment_text(&label, rng);
        model.application(application_id).comments_pending.push(text.clone());
        text
    };
    let label = text.split(':').next().unwrap_or_default().to_owned();
    let write = KeyedWrite::comment(application_id, &label, &text);
    let outcome = workload.send_keyed(&write).await;
    let mut model = workload.model.borrow_mut();
    let what = format!("comment {label} on {application_id}");
    match settle(&mut model, &what, outcome) {
        Settled::Acknowledged(data) => {
            model.acknowledged.comments += 1;
            let application = model.application(application_id);
            application.comments_pending.retain(|pending| *pending != text);
            application.comments.push(text.clone());
            if data["comment"]["text"] != text.as_str() {
                model.failures.push(format!("{what}: the reply holds another text: {data}"));
            }
            model.keyed_acknowledged.insert(task, (write, data));
            true
        }
        Settled::Refused(status, body) => {
            model.application(application_id).comments_pending.retain(|pending| *pending != text);
            model.failures.push(format!("{what} was refused with {status}: {body}"));
            true
        }
        Settled::Unknown => {
            model.keyed_pending.push(write);
            false
        }
    }
}

/// A rerun; 400 while the application's pipeline is still queued or running.
pub(crate) async fn rerun(workload: &Workload, task: usize, application_id: &str) -> bool {
    let write = {
        let mut model = workload.model.borrow_mut();
        let key = format!("r{}-{task}-{}", workload.cycle, model.next_sequence());
        model.application(application_id).runs_pending += 1;
        KeyedWrite::rerun(application_id, &key)
    };
    let outcome = workload.send_keyed(&write).await;
    let mut model = workload.model.borrow_mut();
    let what = format!("ATS rerun of {application_id}");
    match settle(&mut model, &what, outcome) {
        Settled::Acknowledged(data) => {
            let application = model.application(application_id);
            application.runs_pending -= 1;
            if data["queued"] == true && data["fitScoresCharged"] == 1 {
                application.runs += 1;
                model.acknowledged.reruns += 1;
            } else {
                model.failures.push(format!("{what}: not queued although the envelope is large: {data}"));
            }
            true
        }
        Settled::Refused(status, body) => {
            model.application(application_id).runs_pending -= 1;
            if status != 400 || body["error"]["code"] != "V1_INVALID_REQUEST" {
                model.failures.push(format!("{what} was refused with {status}: {body}"));
            }
            true
        }
        Settled::Unknown => {
            model.keyed_pending.push(write);
            false
        }
    }
}

/// Random writes to the task's own applications until the kill (or its
/// first unanswered request).
pub(crate) async fn writer(workload: Rc<Workload>, task: usize, mut rng: StdRng) {
    while !workload.stop.get() {
        let (application, tags_full) = {
            let model = workload.model.borrow();
            match model.owned[task].choose(&mut rng) {
                None => (None, false),
                Some(id) => {
                    let application = &model.applications[id];
                    let tags = application.tags.len() + application.tags_pending.len();
                    (Some(id.clone()), tags + 3 > TAGS_PER_APPLICATION_TARGET_MAX)
                }
            }
        };
        let roll = rng.random_range(0..100);
        let answered = match application {
            None => intake(&workload, task, &mut rng).await,
            Some(_) if roll < 15 => intake(&workload, task, &mut rng).await,
            Some(id) if roll < 35 => move_stage(&workload, &id, &mut rng).await,
            Some(id) if roll < 55 && !tags_full => add_tags(&workload, task, &id, &mut rng).await,
            Some(id) if roll < 80 => add_comment(&workload, task, &id, &mut rng).await,
            Some(id) => rerun(&workload, task, &id).await,
        };
        workload.progress.notify_waiters();
        if !answered {
            break;
        }
    }
}

/// Reads while the writers write, recording what it saw: the newest
/// applications, and one application's tags, runs and latest comments.
pub(crate) async fn reader(workload: Rc<Workload>, mut rng: StdRng) {
    while !workload.stop.get() {
        // One read per settled write at most: most of the client's single
        // thread stays with the writers.
        workload.progress.notified().await;
        if workload.stop.get() {
            break;
        }
        if rng.random_bool(0.3) {
            let path = format!("/api/v1/jobs/{}/applications?sort=created-desc&limit=20", workload.job_id);
            let outcome = workload.send(awc::http::Method::GET, &path, None).await;
            let mut model = workload.model.borrow_mut();
            model.reads += 1;
            match outcome {
                Outcome::Answered { status: 200, body } => {
                    for item in body["data"]["applications"].as_array().into_iter().flatten() {
                        if let Some(id) = item["id"].as_str() {
                            model.seen_application_ids.insert(id.to_owned());
                        }
                    }
                }
                Outcome::Answered { status, body } => {
                    model.failures.push(format!("GET {path} answered {status}: {body}"))
                }
                Outcome::Unanswered(_) => break,
            }
            continue;
        }
        let Some(id) = workload.model.borrow().ids.choose(&mut rng).cloned() else {
            continue;
        };
        let path = format!("/api/v1/applications/{id}");
        let outcome = workload.send(awc::http::Method::GET, &path, None).await;
        let comment_count = {
            let mut model = workload.model.borrow_mut();
            model.reads += 1;
            match outcome {
                Outcome::Answered { status: 200, body } => {
                    let detail = &body["data"];
                    let application = model.application(&id);
                    for tag in detail["tags"].as_array().into_iter().flatten() {
                        if let Some(name) = tag["name"].as_str() {
                            application.seen_tags.insert(name.to_owned());
                        }
                    }
                    let runs = detail["pipeline"]["run"].as_u64().unwrap_or(0);
                    application.seen_runs = application.seen_runs.max(runs);
                    detail["commentCount"].as_u64().unwrap_or(0) as usize
                }
                Outcome::Answered { status, body } => {
                    model.failures.push(format!("GET {path} answered {status}: {body}"));
                    continue;
                }
                Outcome::Unanswered(_) => break,
            }
        };
        let path = format!("/api/v1/applications/{id}/comments?limit=20&offset={}", comment_count.saturating_sub(20));
        let outcome = workload.send(awc::http::Method::GET, &path, None).await;
        let mut model = workload.model.borrow_mut();
        model.reads += 1;
        match outcome {
            Outcome::Answered { status: 200, body } => {
                let application = model.application(&id);
                for comment in body["data"]["comments"].as_array().into_iter().flatten() {
                    if let Some(text) = comment["text"].as_str() {
                        application.seen_comments.insert(text.to_owned());
                    }
                }
            }
            Outcome::Answered { status, body } => model.failures.push(format!("GET {path} answered {status}: {body}")),
            Outcome::Unanswered(_) => break,
        }
    }
}
