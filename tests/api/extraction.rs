//! Resume files through the careers-page apply: PDF, DOCX and text are read
//! end to end, and every file that cannot be read ends its pipeline `failed`
//! with a machine-readable reason, invents nothing, and leaves the server
//! serving. The files are in `tests/fixtures/malformed` (see its generate.py).

use std::path::PathBuf;

use serde_json::Value;

use crate::helpers::{fixture, spawn_app, spawn_app_with, Fixture, Reply, TestApp};

const BOUNDARY: &str = "shortlist-extraction-boundary-Qm9vbGVhbg";

fn fixture_file(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/malformed").join(name);
    std::fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// Applies with `bytes` as the `resume` file; returns the application ID.
async fn apply_with_file(app: &TestApp, fixture: &Fixture, email: &str, file_name: &str, bytes: &[u8]) -> String {
    let mut body = Vec::new();
    for (name, value) in [("candidateName", "Ana Rust"), ("email", email)] {
        body.extend(
            format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").bytes(),
        );
    }
    body.extend(
        format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"resume\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n")
            .bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend(format!("\r\n--{BOUNDARY}--\r\n").bytes());
    let request = app
        .client
        .post(app.url(&format!("/api/jobs/{}/applications", fixture.paid_job_id())))
        .insert_header(("Content-Type", format!("multipart/form-data; boundary={BOUNDARY}")));
    let reply: Reply = app.raw(request, awc::body::BoxBody::new(body)).await.expect(201);
    reply.data()["application"]["id"].as_str().unwrap().to_owned()
}

#[actix_web::test]
async fn every_unreadable_file_fails_its_pipeline_with_its_reason_and_the_server_keeps_serving() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let cases = [
        ("corrupt.pdf", "file_corrupt"),
        ("encrypted.pdf", "file_encrypted"),
        ("image-only.pdf", "pdf_no_text_layer"),
        ("zip-bomb.docx", "file_too_large"),
        ("not-word.docx", "unsupported_format"),
        ("empty.txt", "no_text_found"),
    ];
    for (number, (file, reason)) in cases.into_iter().enumerate() {
        let email = format!("candidate{number}@example.com");
        let application = apply_with_file(&app, &fixture, &email, file, &fixture_file(file)).await;
        let ats = app.wait_for_pipeline(&fixture.key, &application).await;
        assert_eq!(ats["pipeline"]["state"], "failed", "{file}: {ats}");
        let recorded = ats["pipeline"]["reason"].as_str().unwrap();
        assert!(recorded.starts_with(&format!("{reason}:")), "{file}: {recorded}");
        assert_eq!(ats["ats"], Value::Null, "{file}: nothing invented");
        let resume = app.get(&format!("/api/v1/applications/{application}/resume"), &fixture.key).await.expect(200);
        assert_eq!(resume.data()["resume"], Value::Null, "{file}: no parsed resume");
    }
    app.request("GET", "/healthz", crate::helpers::Auth::None, None).await.expect(200);
    app.get("/api/v1/jobs", &fixture.key).await.expect(200);
    let job = app.get(&format!("/api/v1/jobs/{}", fixture.paid_job_id()), &fixture.key).await.expect(200);
    assert_eq!(job.data()["fitScores"], 10, "a failed pipeline gives its fit score back");
}

#[actix_web::test]
async fn a_pdf_is_read_whatever_its_name_says_and_so_is_one_encrypted_only_against_printing() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    for (number, file) in ["pdf-renamed.docx", "permissions-only.pdf", "valid.pdf"].into_iter().enumerate() {
        let email = format!("pdf{number}@example.com");
        let application = apply_with_file(&app, &fixture, &email, file, &fixture_file(file)).await;
        let ats = app.wait_for_pipeline(&fixture.key, &application).await;
        assert_eq!(ats["pipeline"]["state"], "done", "{file}: {ats}");
        let resume = app.get(&format!("/api/v1/applications/{application}/resume"), &fixture.key).await.expect(200);
        let parsed = &resume.data()["resume"];
        assert_eq!(parsed["basics"]["email"], "ana@example.com", "{file}: {parsed}");
        assert!(ats["ats"]["matchedKeywords"].as_array().unwrap().iter().any(|word| word == "Rust"), "{file}: {ats}");
    }
}

#[actix_web::test]
async fn an_extraction_that_runs_past_its_time_bound_is_stopped() {
    let app = spawn_app_with(|settings| settings.extraction.timeout_milliseconds = 1).await;
    let fixture = fixture(&app, "acme").await;
    let application =
        apply_with_file(&app, &fixture, "slow@example.com", "valid.pdf", &fixture_file("valid.pdf")).await;
    let ats = app.wait_for_pipeline(&fixture.key, &application).await;
    assert_eq!(ats["pipeline"]["state"], "failed", "{ats}");
    assert!(ats["pipeline"]["reason"].as_str().unwrap().starts_with("extraction_timeout:"), "{ats}");
}

#[actix_web::test]
async fn a_file_over_the_size_bound_fails_with_file_too_large() {
    let app = spawn_app_with(|settings| settings.extraction.file_bytes_max = 1_000).await;
    let fixture = fixture(&app, "acme").await;
    let application = apply_with_file(&app, &fixture, "big@example.com", "valid.pdf", &fixture_file("valid.pdf")).await;
    let ats = app.wait_for_pipeline(&fixture.key, &application).await;
    assert!(ats["pipeline"]["reason"].as_str().unwrap().starts_with("file_too_large:"), "{ats}");
}

#[actix_web::test]
async fn a_text_file_in_windows_1252_or_utf16_is_decoded() {
    let app = spawn_app().await;
    let fixture = fixture(&app, "acme").await;
    let windows_1252 = b"Ren\xe9e M\xfcller\nrenee@example.com\n\nSKILLS\nRust, PostgreSQL\n".to_vec();
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain("Zoë Ångström\nzoe@example.com\n\nSKILLS\nRust\n".encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    for (number, (bytes, email)) in
        [(windows_1252, "renee@example.com"), (utf16, "zoe@example.com")].into_iter().enumerate()
    {
        let application = apply_with_file(&app, &fixture, &format!("text{number}@example.com"), "cv.txt", &bytes).await;
        let ats = app.wait_for_pipeline(&fixture.key, &application).await;
        assert_eq!(ats["pipeline"]["state"], "done", "{ats}");
        let resume = app.get(&format!("/api/v1/applications/{application}/resume"), &fixture.key).await.expect(200);
        assert_eq!(resume.data()["resume"]["basics"]["email"], email);
    }
}
