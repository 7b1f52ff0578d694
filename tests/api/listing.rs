//! Paging, sorting and filtering the applications of a job.

use serde_json::json;

use crate::helpers::{application_ids, fixture, spawn_app, Auth, Fixture, Reply, TestApp, MATCHING_RESUME};

#[actix_web::test]
async fn an_offset_past_the_end_gives_an_empty_page_with_the_right_total() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let mut ids = Vec::new();
    for name in ["Ana", "Bo", "Cy", "Di", "Ed"] {
        ids.push(app.apply_without_resume(fixture.paid_job_id(), name).await);
        app.clock.advance_milliseconds(1_000);
    }
    let past = applications(&app, &fixture, "offset=5").await;
    assert_eq!(past.data()["applications"], json!([]));
    assert_eq!(past.data()["pagination"], json!({ "offset": 5, "limit": 20, "total": 5, "nextCursor": null }));
    let far = applications(&app, &fixture, "offset=1000000&limit=100").await;
    assert_eq!(far.data()["applications"], json!([]));
    assert_eq!(far.data()["pagination"]["total"], 5);
    let last = applications(&app, &fixture, "offset=4&limit=2").await;
    assert_eq!(application_ids(&last), [ids[0].as_str()], "newest first by default, so the oldest is last");
    let newest_first: Vec<&str> = ids.iter().rev().map(String::as_str).collect();
    let pages: Vec<String> = [0, 2, 4].iter().map(|offset| format!("offset={offset}&limit=2")).collect();
    let mut walked = Vec::new();
    for query in &pages {
        let page = applications(&app, &fixture, query).await;
        walked.extend(application_ids(&page).into_iter().map(str::to_owned));
    }
    assert_eq!(walked, newest_first, "pages walk the list without gaps or repeats");
    let oldest_first = applications(&app, &fixture, "sort=created-asc").await;
    assert_eq!(application_ids(&oldest_first), ids.iter().map(String::as_str).collect::<Vec<_>>());
}

#[actix_web::test]
async fn the_name_filter_is_a_case_insensitive_substring_and_name_asc_sorts_by_name() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    for name in ["Anabel Smith", "Bo Banana", "Cy Jones", "DIANA Prince"] {
        app.apply_without_resume(fixture.paid_job_id(), name).await;
    }
    let found = applications(&app, &fixture, "name=ANA&sort=name-asc").await;
    assert_eq!(names(&found), ["Anabel Smith", "Bo Banana", "DIANA Prince"]);
    assert_eq!(found.data()["pagination"]["total"], 3);
    let found = applications(&app, &fixture, "name=prince").await;
    assert_eq!(names(&found), ["DIANA Prince"]);
    let none = applications(&app, &fixture, "name=zzz").await;
    assert_eq!(none.data()["pagination"]["total"], 0);
    let paged = applications(&app, &fixture, "name=ana&sort=name-asc&offset=1&limit=1").await;
    assert_eq!(names(&paged), ["Bo Banana"]);
    let pagination = &paged.data()["pagination"];
    assert_eq!((&pagination["offset"], &pagination["limit"], &pagination["total"]), (&json!(1), &json!(1), &json!(3)));
    assert!(pagination["nextCursor"].is_string(), "a third match follows");
    let all = applications(&app, &fixture, "sort=name-asc").await;
    assert_eq!(names(&all), ["Anabel Smith", "Bo Banana", "Cy Jones", "DIANA Prince"]);
}

#[actix_web::test]
async fn the_status_filter_tells_archived_applications_from_active_ones() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let kept = app.apply_without_resume(fixture.paid_job_id(), "Kim Kept").await;
    let archived = app.apply_without_resume(fixture.paid_job_id(), "Arlo Archived").await;
    let path = format!("/api/orgs/acme/applications/{archived}");
    let reply = app
        .request("PATCH", &path, Auth::Bearer(&fixture.token), Some(json!({ "status": "archived" })))
        .await
        .expect(200);
    assert_eq!(reply.data()["application"]["status"], "archived");
    let active = applications(&app, &fixture, "status=active").await;
    assert_eq!(application_ids(&active), [kept.as_str()]);
    assert_eq!(active.data()["pagination"]["total"], 1);
    let only_archived = applications(&app, &fixture, "status=archived").await;
    assert_eq!(application_ids(&only_archived), [archived.as_str()]);
    let everyone = applications(&app, &fixture, "").await;
    assert_eq!(everyone.data()["pagination"]["total"], 2);
}

#[actix_web::test]
async fn sort_by_ats_score_and_the_minimum_score_filter_use_the_scores() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let resumes = [
        ("Strong Match", MATCHING_RESUME.to_owned()),
        ("Partial Match", "Pat Partial\n\nSUMMARY\nBackend developer.\n\nSKILLS\nRust, Python\n\nEXPERIENCE\nDeveloper — Beta Ltd\nJan 2022 – Present\n- Wrote Rust tools\n".to_owned()),
        ("No Match", "Nat None\n\nSUMMARY\nIllustrator.\n\nSKILLS\nFigma, Sketch\n\nEXPERIENCE\nDesigner — Gamma\nJan 2023 – Present\n- Drew icons\n".to_owned()),
    ];
    let mut scored = Vec::new();
    for (name, resume) in &resumes {
        let id = app.apply_with_resume(fixture.paid_job_id(), name, resume).await;
        let ats = app.wait_for_pipeline(&fixture.key, &id).await;
        assert_eq!(ats["pipeline"]["state"], "done", "{name}: {ats}");
        scored.push((id, ats["atsScore"].as_u64().unwrap()));
    }
    let unscored = app.apply_without_resume(fixture.paid_job_id(), "Un Scored").await;
    let (strong, weak) = (scored[0].1, scored[2].1);
    assert!(strong > weak, "a matching resume outscores an unrelated one: {strong} vs {weak}");

    let by_score = applications(&app, &fixture, "sort=ats-desc").await;
    let listed: Vec<Option<u64>> =
        by_score.data()["applications"].as_array().unwrap().iter().map(|item| item["atsScore"].as_u64()).collect();
    assert_eq!(listed.len(), 4);
    let scores: Vec<u64> = listed.iter().flatten().copied().collect();
    assert!(scores.windows(2).all(|pair| pair[0] >= pair[1]), "descending: {listed:?}");
    assert_eq!(application_ids(&by_score)[0], scored[0].0.as_str());
    assert_eq!(application_ids(&by_score)[3], unscored.as_str(), "unscored applications come last");
    let ascending = applications(&app, &fixture, "sort=ats-asc").await;
    let ascending_scores: Vec<u64> = ascending.data()["applications"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|item| item["atsScore"].as_u64())
        .collect();
    assert!(ascending_scores.windows(2).all(|pair| pair[0] <= pair[1]), "ascending: {ascending_scores:?}");

    let threshold = weak + 1;
    let mut expected: Vec<&str> =
        scored.iter().filter(|(_, score)| *score >= threshold).map(|(id, _)| id.as_str()).collect();
    let filtered = applications(&app, &fixture, &format!("sort=ats-desc&atsScoreMin={threshold}")).await;
    let mut filtered_ids = application_ids(&filtered);
    assert_eq!(filtered.data()["pagination"]["total"], expected.len());
    assert_eq!(filtered_ids[0], scored[0].0.as_str());
    expected.sort_unstable();
    filtered_ids.sort_unstable();
    assert_eq!(filtered_ids, expected, "exactly the applications scoring at least {threshold}; never an unscored one");
    let exact = applications(&app, &fixture, &format!("atsScoreMin={strong}")).await;
    assert!(application_ids(&exact).contains(&scored[0].0.as_str()), "the minimum is inclusive");
    let everything = applications(&app, &fixture, "atsScoreMin=0").await;
    assert_eq!(everything.data()["pagination"]["total"], 3, "a minimum of 0 still needs a score");
}

#[actix_web::test]
async fn stage_score_and_name_filters_combine_after_moves_and_scoring() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let moved = app.apply_with_resume(fixture.paid_job_id(), "Ana Rust", MATCHING_RESUME).await;
    let path = format!("/api/v1/applications/{moved}/stage");
    let body = json!({ "stage": fixture.stage_id(1) });
    app.request("PATCH", &path, Auth::Key(&fixture.key), Some(body)).await.expect(200);
    let stayed = app.apply_with_resume(fixture.paid_job_id(), "Ana Stayed", MATCHING_RESUME).await;
    let score = app.wait_for_pipeline(&fixture.key, &moved).await["atsScore"].as_u64().unwrap();
    app.wait_for_pipeline(&fixture.key, &stayed).await;
    let interview = fixture.stage_id(1);
    let found = applications(&app, &fixture, &format!("stage={interview}&sort=ats-desc&atsScoreMin={score}")).await;
    assert_eq!(application_ids(&found), [moved.as_str()]);
    assert_eq!(found.data()["pagination"]["total"], 1);
    let found = applications(&app, &fixture, &format!("stage={interview}&name=ANA&sort=name-asc")).await;
    assert_eq!(application_ids(&found), [moved.as_str()]);
    let applied = applications(&app, &fixture, &format!("stage={}&sort=ats-desc", fixture.stage_id(0))).await;
    assert_eq!(application_ids(&applied), [stayed.as_str()]);
    let offer = applications(&app, &fixture, &format!("stage={}&sort=ats-desc", fixture.stage_id(2))).await;
    assert_eq!(offer.data()["pagination"]["total"], 0);
}

async fn applications(app: &TestApp, fixture: &Fixture, query: &str) -> Reply {
    app.get(&format!("/api/v1/jobs/{}/applications?{query}", fixture.paid_job_id()), &fixture.key).await.expect(200)
}

fn names(reply: &Reply) -> Vec<&str> {
    reply.data()["applications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["candidateName"].as_str().unwrap())
        .collect()
}

/// A resume meeting every criterion of the paid job, with one job of
/// `start` to December 2019.
fn resume_with_experience_from(name: &str, start: &str) -> String {
    format!(
        "{name}\n\nSKILLS\nRust, PostgreSQL, Kafka\n\nEXPERIENCE\nSenior Engineer — Acme Corp\n{start} – Dec 2019\n\
         - Built Rust services on PostgreSQL\n"
    )
}

#[actix_web::test]
async fn equal_scores_list_the_candidate_with_more_months_of_experience_first_then_the_older_application() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let mut ids = Vec::new();
    for (name, start) in [("Cy Short", "Jan 2015"), ("Ana Long", "Jan 2010"), ("Bo Long", "Jan 2010")] {
        let resume = resume_with_experience_from(name, start);
        let id = app.apply_with_resume(fixture.paid_job_id(), name, &resume).await;
        let ats = app.wait_for_pipeline(&fixture.key, &id).await;
        assert_eq!(ats["ats"]["overallScore"], 100, "{name}: {ats}");
        ids.push(id);
        app.clock.advance_milliseconds(1_000);
    }
    // 120 months, 120 months, 60 months: all past the 3-year minimum, so the score ties.
    let expected = ["Ana Long", "Bo Long", "Cy Short"];
    for sort in ["ats-desc", "ats-asc"] {
        assert_eq!(names(&applications(&app, &fixture, &format!("sort={sort}")).await), expected, "{sort}");
        let searched = applications(&app, &fixture, &format!("sort={sort}&name=o")).await;
        assert_eq!(names(&searched), expected, "{sort}, searched by name");
    }
    // A walk by cursor one at a time keeps the order across the tie.
    let mut walked = Vec::new();
    let mut query = "sort=ats-desc&limit=1".to_owned();
    loop {
        let page = applications(&app, &fixture, &query).await;
        walked.extend(names(&page).into_iter().map(str::to_owned));
        match page.data()["pagination"]["nextCursor"].as_str() {
            Some(cursor) => query = format!("sort=ats-desc&limit=1&cursor={cursor}"),
            None => break,
        }
    }
    assert_eq!(walked, expected);
}
